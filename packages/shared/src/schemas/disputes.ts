import { z } from 'zod';
import {
  DEFAULT_DISPUTE_PRIORITY,
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_MESSAGE_MAX,
  DISPUTE_PRIORITIES,
  DISPUTE_REASON_MAX,
  DISPUTE_STATUSES,
  DISPUTE_TEXT,
  DISPUTE_TYPES,
  DISPUTE_VIEWER_ROLES,
  MAX_INSPECTION_EXTENSION_DAYS,
  INSPECTION_TEXT,
  PROPOSABLE_RESOLUTION_TYPES,
  RESOLUTION_ACTIONS,
  RESOLUTION_CLOSED_REASONS,
  RESOLUTION_REASON_MAX,
  RESOLUTION_STATUSES,
  RESOLUTION_TYPES,
} from '../domain/disputes.ts';
import { FEE_PAYERS } from '../domain/fees.ts';
import { TRANSACTION_STATUSES } from '../domain/transaction-machine.ts';
import { positiveAmount } from './transactions.ts';
import { msg } from '../i18n/msg.ts';

/**
 * The disputes API under /api (docs/disputes.md). Requests are parsed with these schemas on the server
 * and validated with them in forms.
 */
const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: DISPUTE_TEXT.requiredFields })
    .trim()
    .min(1, DISPUTE_TEXT.requiredFields)
    .max(max, tooLong);

export const createDisputeSchema = z.object({
  transactionId: z.uuid(DISPUTE_TEXT.requiredFields),
  disputeType: z.enum(DISPUTE_TYPES, { error: DISPUTE_TEXT.requiredFields }),
  reason: requiredText(DISPUTE_REASON_MAX, DISPUTE_TEXT.reasonTooLong),
  description: requiredText(DISPUTE_DESCRIPTION_MAX, DISPUTE_TEXT.descriptionTooLong),
  priority: z.enum(DISPUTE_PRIORITIES, { error: msg('Unknown priority') }).default(DEFAULT_DISPUTE_PRIORITY),
});
export type CreateDisputeInput = z.input<typeof createDisputeSchema>;

export const disputeMessageBodySchema = z.object({
  content: z
    .string({ error: msg('Message cannot be empty') })
    .trim()
    .min(1, msg('Message cannot be empty'))
    .max(DISPUTE_MESSAGE_MAX, msg('Message must be at most 2000 characters')),
  /** Staff only: a note the parties never see. */
  isInternal: z.boolean().optional().default(false),
});

/** Evidence is an upload (purpose dispute_evidence, this transaction, by the caller) plus a description. */
export const addEvidenceSchema = z.object({
  uploadId: z.uuid(DISPUTE_TEXT.evidenceUpload),
  description: z
    .string()
    .trim()
    .max(500, msg('Description must be at most 500 characters'))
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/**
 * A proposal (MEDIATION, by a party, while OPEN) or a decision (ADMIN_DECISION, by staff, while OPEN
 * or IN_REVIEW). `amount` (major units) is the buyer's share, required for REFUND_PARTIAL and ignored
 * otherwise; the server checks 0 < amount < price. The fields are exported unrefined so forms can pick
 * from them (zod refuses `.pick()` on a refined object).
 */
export const proposeResolutionFields = z.object({
  resolutionType: z.enum(PROPOSABLE_RESOLUTION_TYPES, {
    error: msg('Resolution type must be MEDIATION (a party) or ADMIN_DECISION (support staff)'),
  }),
  resolution: z.enum(RESOLUTION_ACTIONS, { error: msg('Choose what should happen to the money') }),
  amount: positiveAmount(DISPUTE_TEXT.partialAmountRange).optional().nullable(),
  reason: z
    .string({ error: msg('Please give a reason') })
    .trim()
    .min(1, msg('Please give a reason'))
    .max(RESOLUTION_REASON_MAX, msg('Reason must be at most 500 characters')),
});
export const proposeResolutionSchema = proposeResolutionFields.refine(
  (v) => v.resolution !== 'REFUND_PARTIAL' || typeof v.amount === 'number',
  { message: DISPUTE_TEXT.partialAmountRange, path: ['amount'] },
);
export type ProposeResolutionInput = z.input<typeof proposeResolutionSchema>;

export const rejectResolutionSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(RESOLUTION_REASON_MAX, msg('Reason must be at most 500 characters'))
    .optional(),
});

export const escalateDisputeSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(RESOLUTION_REASON_MAX, msg('Reason must be at most 500 characters'))
    .optional(),
});

export const disputeListQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUSES, { error: msg('Unknown dispute status') }).optional(),
});

/** Staff queue filters (GET /admin/disputes). `olderThanHours` filters by age since raising. */
export const adminDisputeQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUSES, { error: msg('Unknown dispute status') }).optional(),
  priority: z.enum(DISPUTE_PRIORITIES, { error: msg('Unknown priority') }).optional(),
  assignedToMe: z
    .enum(['true', 'false'], { error: 'assignedToMe must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  olderThanHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /transactions/{id}/extend-inspection: the buyer's one extension. */
export const extendInspectionSchema = z.object({
  days: z
    .number({ error: INSPECTION_TEXT.extensionRange })
    .int(INSPECTION_TEXT.extensionRange)
    .min(1, INSPECTION_TEXT.extensionRange)
    .max(MAX_INSPECTION_EXTENSION_DAYS, INSPECTION_TEXT.extensionRange),
});

// ---- Answers ----

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const nullableDate = z.string().nullable();

export const disputeMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** A staff note; only staff ever receive these. */
  isInternal: z.boolean(),
  /** Written by the system (raised, proposal, accepted, decision): the 'System' badge. */
  isSystem: z.boolean(),
  /** null for SYSTEM messages. */
  sender: person.extend({ role: z.enum(DISPUTE_VIEWER_ROLES) }).nullable(),
});
export type DisputeMessage = z.infer<typeof disputeMessageSchema>;

export const disputeEvidenceSchema = z.object({
  id: z.string(),
  uploadId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  size: z.number().int(),
  /** /api/uploads/{uploadId}: served with the bearer token to the parties and staff only. */
  fileUrl: z.string(),
  description: z.string().nullable(),
  uploader: person,
  createdAt: z.string(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeResolutionSchema = z.object({
  id: z.string(),
  resolutionType: z.enum(RESOLUTION_TYPES),
  resolution: z.enum(RESOLUTION_ACTIONS),
  /** Major units: the buyer's share of a REFUND_PARTIAL, else null. */
  amount: z.number().nullable(),
  reason: z.string(),
  status: z.enum(RESOLUTION_STATUSES),
  closedReason: z.enum(RESOLUTION_CLOSED_REASONS).nullable(),
  rejectionReason: z.string().nullable(),
  proposedBy: person.extend({ role: z.enum(DISPUTE_VIEWER_ROLES) }),
  /** PENDING proposals only: when it lapses (48 h). */
  expiresAt: nullableDate,
  decidedAt: nullableDate,
  createdAt: z.string(),
});
export type DisputeResolution = z.infer<typeof disputeResolutionSchema>;

/**
 * What a dispute acts on (domain/disputes.ts EscrowRemainder), in major units: the whole price and fee of
 * a one-off trade; for a milestone trade, the unreleased milestones' price and their parts of the fee
 * (docs/money.md "Milestones"). A partial refund is bounded by it and the settlement previews split it.
 */
export const disputeHeldSchema = z.object({
  price: z.number(),
  fee: z.number(),
  /** The seller's and the buyer's parts of `fee`. */
  sellerFee: z.number(),
  buyerFee: z.number(),
  /** A milestone was released: the platform then keeps the fee of what is refunded. */
  anyReleased: z.boolean(),
  milestoneTrade: z.boolean(),
  /**
   * A brokered trade's commission (major units), taken from the seller's part: pro rata on a partial
   * refund, which must leave the seller their fee share and the broker's part (domain/commission.ts).
   */
  commission: z.number().optional(),
});
export type DisputeHeld = z.infer<typeof disputeHeldSchema>;

export const disputeTransactionSchema = z.object({
  id: z.string(),
  description: z.string(),
  price: z.number(),
  fee: z.number(),
  total: z.number(),
  /** Who pays the fee: the settlement previews and the partial-refund bound depend on it. */
  feePayer: z.enum(FEE_PAYERS),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  buyerId: z.string(),
  sellerId: z.string(),
  /**
   * The escrow the dispute acts on. The server always sends it; optional only so fixtures written before
   * it still type-check (without it, clients take the whole trade, which is what a one-off trade holds).
   */
  held: disputeHeldSchema.optional(),
});

export const disputeSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  disputeType: z.enum(DISPUTE_TYPES),
  reason: z.string(),
  description: z.string(),
  priority: z.enum(DISPUTE_PRIORITIES),
  status: z.enum(DISPUTE_STATUSES),
  /** The executed outcome once RESOLVED, else null. */
  resolution: z.enum(RESOLUTION_ACTIONS).nullable(),
  resolutionNotes: z.string().nullable(),
  /** Raised at + 48 h: when staff should have answered. */
  slaDueAt: z.string(),
  /** True once the SLA passed while the dispute was still OPEN or IN_REVIEW. */
  slaBreached: z.boolean(),
  assignedTo: person.nullable(),
  escalatedAt: nullableDate,
  resolvedAt: nullableDate,
  closedAt: nullableDate,
  /** RESOLVED disputes close by themselves at this time. */
  closesAt: nullableDate,
  createdAt: z.string(),
  updatedAt: z.string(),
  transaction: disputeTransactionSchema,
  raiser: person,
  accused: person,
  viewerRole: z.enum(DISPUTE_VIEWER_ROLES),
  messages: z.array(disputeMessageSchema),
  evidence: z.array(disputeEvidenceSchema),
  resolutions: z.array(disputeResolutionSchema),
});
export type Dispute = z.infer<typeof disputeSchema>;
export const disputeAnswerSchema = z.object({ dispute: disputeSchema });

export const disputeListItemSchema = disputeSchema
  .pick({
    id: true,
    transactionId: true,
    disputeType: true,
    reason: true,
    priority: true,
    status: true,
    resolution: true,
    slaDueAt: true,
    slaBreached: true,
    assignedTo: true,
    createdAt: true,
    updatedAt: true,
    raiser: true,
    accused: true,
    viewerRole: true,
  })
  .extend({
    transaction: disputeTransactionSchema.pick({ description: true, price: true, currency: true }),
    /** A proposal from the other party waits for the viewer's answer. */
    awaitingMyAnswer: z.boolean(),
  });
export type DisputeListItem = z.infer<typeof disputeListItemSchema>;
export const disputeListSchema = z.object({ disputes: z.array(disputeListItemSchema) });

/** Staff queue page: newest first, with the SLA and a flag when either party is suspended. */
export const adminDisputeListSchema = z.object({
  disputes: z.array(disputeListItemSchema.extend({ partySuspended: z.boolean() })),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});

/** POST /disputes answers `data.id` and the whole dispute. */
export const createDisputeAnswerSchema = z.object({ id: z.string(), dispute: disputeSchema });

/** The create screen's list: the caller's transactions that can be disputed now. */
export const disputableTransactionsSchema = z.object({
  transactions: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      price: z.number(),
      currency: z.string(),
      status: z.enum(TRANSACTION_STATUSES),
      counterpartyName: z.string(),
    }),
  ),
});

const metaOption = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({ value: z.enum(values), label: z.string(), description: z.string() });
export const disputeMetaSchema = z.object({
  disputeTypes: z.array(metaOption(DISPUTE_TYPES)),
  priorities: z.array(metaOption(DISPUTE_PRIORITIES)),
});
export type DisputeMeta = z.infer<typeof disputeMetaSchema>;
