import { z } from 'zod';
import {
  COURIERS,
  ITEM_CATEGORIES,
  ITEM_CONDITIONS,
  ITEM_TYPES,
  NIGERIAN_STATES,
  PAYMENT_METHODS,
  SHIPMENT_ITEM_CONDITIONS,
} from '../domain/nigeria.ts';
import { FEE_PAYERS } from '../domain/fees.ts';
import { PARTY_ROLES, SHIPPING_TYPES, TRANSACTION_STATUSES } from '../domain/transaction-machine.ts';
import { milestoneViewSchema } from './milestone-shapes.ts';
import { transactionRefundSchema } from './refunds.ts';

/**
 * Answer shapes of the transactions API (amounts in major units, dates as ISO strings).
 * Single answers carry `data.transaction`.
 */
const role = z.enum(PARTY_ROLES);

/** COMPLETED: held in escrow; then RELEASED, REFUNDED (whole total back) or PARTIALLY_REFUNDED (a dispute split). */
export const PAYMENT_STATUSES = ['COMPLETED', 'RELEASED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
const nullableText = z.string().nullable();
const isoDateTime = z.string();

export const deliveryDetailsViewSchema = z.object({
  fullName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.enum(NIGERIAN_STATES),
  zipCode: z.string(),
  country: z.string(),
  specialInstructions: z.string().optional(),
});

export const shipmentDataViewSchema = z.object({
  /** Upload ids; each file is served by GET /api/uploads/{id} to the parties only. */
  photos: z.array(z.string()),
  trackingNumber: z.string().optional(),
  courierService: z.enum(COURIERS).optional(),
  estimatedDelivery: z.string(),
  itemCondition: z.enum(SHIPMENT_ITEM_CONDITIONS),
  packagingDetails: z.string().optional(),
  additionalNotes: z.string().optional(),
});

export const invitationSchema = z.object({ code: z.string(), expiresAt: isoDateTime });
export type Invitation = z.infer<typeof invitationSchema>;

export const personNameSchema = z.object({ firstName: z.string(), lastName: z.string() });

export const transactionSchema = z.object({
  id: z.string(),
  description: z.string(),
  currency: z.string(),
  price: z.number(),
  /** The whole fee, whoever pays it. */
  fee: z.number(),
  /** What the buyer pays into escrow (equals buyerPays). */
  total: z.number(),
  feePayer: z.enum(FEE_PAYERS),
  buyerPays: z.number(),
  /** What the seller gets on a full release: the price less the seller's share of the fee. */
  sellerReceives: z.number(),
  useCourier: z.boolean(),
  shippingType: z.enum(SHIPPING_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  creatorId: z.string(),
  creatorName: z.string(),
  creator: personNameSchema,
  creatorRole: role,
  counterpartyId: nullableText,
  counterpartyName: nullableText,
  counterparty: personNameSchema.nullable(),
  counterpartyRole: role,
  buyerId: nullableText,
  sellerId: nullableText,
  /** The caller's role; for an invitation preview, the role the caller would take by joining. */
  viewerRole: role,
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentReference: nullableText,
  paymentCompleted: z.boolean(),
  paymentDate: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  shippedAt: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
  cancellationReason: nullableText,
  disputedAt: isoDateTime.nullable(),
  /** The end of the inspection window: the escrow is released to the seller then unless DISPUTED. */
  autoReleaseAt: isoDateTime.nullable(),
  /** Set once the buyer has used their one extension. */
  inspectionExtendedAt: isoDateTime.nullable(),
  /** The latest dispute raised on this transaction (open while the status is DISPUTED), for its link. */
  disputeId: nullableText,
  /**
   * Where the buyer's refund went (schemas/refunds.ts), for the buyer and seller of a refunded
   * transaction; null otherwise. The server always sends it; optional only so older clients' fixtures
   * still type-check.
   */
  refund: transactionRefundSchema.nullable().optional(),
  /** A milestone trade's milestones in create order; empty for a one-off trade. */
  milestones: z.array(milestoneViewSchema),
  estimatedDeliveryDays: z.number().nullable(),
  /** Days promised at creation (courier only) and days actually taken from shipment to completion. */
  expectedDeliveryTime: z.number().nullable(),
  actualDeliveryTime: z.number().nullable(),
  deliveryDetails: deliveryDetailsViewSchema.nullable(),
  shipmentData: shipmentDataViewSchema.nullable(),
  itemType: z.enum(ITEM_TYPES).nullable(),
  itemCategory: z.enum(ITEM_CATEGORIES).nullable(),
  itemCondition: z.enum(ITEM_CONDITIONS).nullable(),
  itemQuantity: z.number(),
  itemBrand: nullableText,
  itemModel: nullableText,
  itemSize: nullableText,
  itemColor: nullableText,
  itemWeight: z.number().nullable(),
  itemDimensions: nullableText,
  itemSerialNumber: nullableText,
  itemWarranty: nullableText,
  itemOrigin: nullableText,
  itemAge: nullableText,
  specialInstructions: nullableText,
  returnPolicy: nullableText,
  maximumBudget: z.number().nullable(),
  preferredCondition: z.enum(ITEM_CONDITIONS).nullable(),
  specificRequirements: nullableText,
  transactionTerms: nullableText,
  /** Only for the creator while the transaction waits for its counterparty (share link). */
  invitation: invitationSchema.nullable(),
  /** Partner API transactions only (docs/partner-api.md): the partner's order id, title and metadata. */
  reference: z.string().optional(),
  title: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  /**
   * Brokered transactions only (partner API role BROKER): the broker, its commission in major units
   * (taken from what the seller receives, already deducted in `sellerReceives`), and whether the viewer
   * is the broker (who only watches: no step but cancelling before payment through the partner API).
   * Until the seller has joined, `creatorId` is '' and `creatorName` is empty.
   */
  brokerId: z.string().optional(),
  brokerName: z.string().optional(),
  commission: z.number().optional(),
  viewerIsBroker: z.boolean().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionAnswerSchema = z.object({ transaction: transactionSchema });
export const createTransactionAnswerSchema = z.object({
  transaction: transactionSchema,
  invitation: invitationSchema,
});
export const inviteAnswerSchema = z.object({
  invitation: invitationSchema.extend({ transaction: transactionSchema }),
});

/**
 * One row of the list screens (My Transactions cards, the dashboard's Recent Transactions): exactly what
 * they show and what the label helpers (`listLabel`, `nextActionFor`: status, useCourier, creatorRole,
 * viewerRole) read. The other party's name is `counterpartyName` when the viewer created the
 * transaction, else `creatorName`. The full transaction is only on GET /transactions/{id}.
 */
export const transactionListItemSchema = transactionSchema.pick({
  id: true,
  description: true,
  currency: true,
  price: true,
  fee: true,
  total: true,
  useCourier: true,
  status: true,
  creatorId: true,
  creatorName: true,
  creatorRole: true,
  counterpartyId: true,
  counterpartyName: true,
  viewerRole: true,
  // The server always sends it on list items: true on a brokered trade the viewer brokers (listed read
  // only, its role shown as Broker; viewerRole is then only a stand-in).
  viewerIsBroker: true,
  autoReleaseAt: true,
  createdAt: true,
  updatedAt: true,
});
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

/** The list counts matches exactly up to this many; beyond, `totalCapped` is true (shown as '1,000+'). */
export const LIST_TOTAL_CAP = 1000;

/**
 * GET /transactions/my-transactions: one page, newest first. `hasMore` drives the
 * Next button; `total` is exact up to LIST_TOTAL_CAP and equals it with `totalCapped: true` when there
 * are more, so a page never costs more for a longer history.
 */
export const transactionListSchema = z.object({
  transactions: z.array(transactionListItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

export const transactionStatsSchema = z.object({
  total: z.number().int(),
  /** Sum of prices of non-cancelled transactions in NGN (major units); other currencies in valueByCurrency. */
  totalValue: z.number(),
  valueByCurrency: z.array(z.object({ currency: z.string(), value: z.number() })),
  /** Every status except COMPLETED and CANCELLED. */
  active: z.number().int(),
  completed: z.number().int(),
});
export type TransactionStats = z.infer<typeof transactionStatsSchema>;

/** Activity feed: one entry per step of the lifecycle, its ends included. */
export const ACTIVITY_ACTIONS = [
  'transaction_created',
  'transaction_joined',
  'delivery_details_provided',
  'payment_made',
  'payment_confirmed',
  'shipment_confirmed',
  'milestone_delivered',
  'milestone_released',
  'receipt_confirmed',
  'funds_released',
  'transaction_cancelled',
  'dispute_raised',
  'dispute_resolved',
  'inspection_extended',
  'payment_condition_added',
  'delivery_confirmed',
  'time_release_scheduled',
  'message_sent',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const activitySchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  description: z.string(),
  status: z.enum(['completed', 'pending', 'failed']),
  userId: nullableText,
  userName: z.string(),
  userRole: z.enum(['BUYER', 'SELLER', 'SYSTEM']),
  timestamp: isoDateTime,
  metadata: z.record(z.string(), z.unknown()),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = z.object({ activities: z.array(activitySchema) });

export const participantSchema = z.object({
  userId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: role,
  isCreator: z.boolean(),
  avatar: nullableText,
});
export type Participant = z.infer<typeof participantSchema>;
export const participantListSchema = z.object({ participants: z.array(participantSchema) });
