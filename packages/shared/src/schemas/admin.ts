import { z } from 'zod';
import { TRANSACTION_STATUSES } from '../domain/transaction-machine.ts';
import { privacyConsentSchema, USER_ROLES, VERIFICATION_LEVELS } from './auth.ts';
import { staffDataExportSchema } from './privacy.ts';
import { msg } from '../i18n/msg.ts';

/**
 * The operator console's staff calls (docs/product.md "People and roles") beyond the disputes ones (those are
 * in schemas/disputes.ts). SUPPORT and ADMIN may read; only ADMIN suspends, reinstates and changes levels.
 */
export const ADMIN_TEXT = {
  suspended: msg('Account suspended'),
  suspendedDone: msg('User suspended; their sessions were signed out'),
  reinstated: msg('User reinstated'),
  alreadySuspended: msg('This user is already suspended'),
  notSuspended: msg('This user is not suspended'),
  cannotSuspendSelf: msg('You cannot suspend your own account'),
  cannotSuspendStaff: msg('Staff accounts cannot be suspended here'),
  reasonRequired: msg('Please give a reason'),
  userNotFound: msg('User not found'),
  levelChanged: msg('Verification level updated'),
  // A closed account is final (docs/privacy.md): staff see when it closed and cannot change it.
  accountClosed: msg('This account was closed by its owner and cannot be changed'),
} as const;

/** The staff actions the audit log records, with what an operator calls them (one source for both apps). */
export const AUDIT_ACTION_LABELS = {
  'dispute.take': msg('Dispute taken'),
  'dispute.note': msg('Internal note'),
  'dispute.decide': msg('Dispute decided'),
  'user.suspend': msg('User suspended'),
  'user.reinstate': msg('User reinstated'),
  'user.verification_level': msg('Verification level changed'),
  /** Written by the owner closing their own account (the actor is the account itself). */
  'user.close': msg('Account closed'),
  /** Written by the owner changing their name, which withdrew verified checks (the actor is the account). */
  'user.name_change': msg('Name changed, verification withdrawn'),
  /** Two-factor sign-in (docs/security.md): the owner's own changes (the actor is the account itself). */
  'user.two_factor_enable': msg('Two-factor sign-in turned on'),
  'user.two_factor_disable': msg('Two-factor sign-in turned off'),
  'user.two_factor_recovery_codes': msg('Recovery codes renewed'),
  'user.two_factor_recovery_used': msg('Recovery code used'),
  /** A staff member removed a user's two-factor sign-in after checking their identity (lost phone). */
  'user.two_factor_reset': msg('Two-factor sign-in reset'),
  'document.approve': msg('Document approved'),
  'document.reject': msg('Document rejected'),
  /** A staff member opened a user's identity document image (GET /uploads/{id}); the owner's own looks are not audited. */
  'identity_document.view': msg('Identity document viewed'),
  'waitlist.export': msg('Waitlist exported'),
  'email.test': msg('Test e-mail sent'),
  'email.send': msg('E-mail sent'),
  'refund.retry': msg('Refund retried'),
  'refund.credit_wallet': msg('Refund credited to wallet'),
  /** Staff sent a text message (SMS or WhatsApp) whose attempts ran out again. */
  'text_message.retry': msg('Text message retried'),
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const adminUserQuerySchema = z.object({
  q: z.string().trim().max(200, msg('Search must be at most 200 characters')).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const suspendUserSchema = z.object({
  reason: z
    .string({ error: ADMIN_TEXT.reasonRequired })
    .trim()
    .min(1, ADMIN_TEXT.reasonRequired)
    .max(500, msg('Reason must be at most 500 characters')),
});

/** POST /admin/users/{id}/two-factor/reset (ADMIN): why, once the user's identity was checked. */
export const resetTwoFactorSchema = suspendUserSchema.strict();

export const setVerificationLevelSchema = z.object({
  verificationLevel: z.enum(VERIFICATION_LEVELS, { error: msg('Unknown verification level') }),
});

export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  trustScore: z.number().int(),
  suspendedAt: z.string().nullable(),
  /** When the owner closed the account (its name and e-mail are placeholders since), else null. */
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});

/** GET /admin/users/{id}: everything support needs to judge an account. Amounts in major units. */
export const adminUserDetailSchema = z.object({
  user: adminUserSummarySchema.extend({ suspensionReason: z.string().nullable() }),
  /** Whether two-factor sign-in is on (staff reset it with POST /admin/users/{id}/two-factor/reset). */
  twoFactorEnabled: z.boolean(),
  wallet: z.object({ balance: z.number(), pendingEscrow: z.number(), currency: z.literal('NGN') }),
  /** The newest 20; `flagged` marks money still open (in escrow or disputed) while the user is suspended. */
  transactions: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      price: z.number(),
      currency: z.string(),
      status: z.enum(TRANSACTION_STATUSES),
      role: z.enum(['BUYER', 'SELLER']),
      counterpartyName: z.string().nullable(),
      createdAt: z.string(),
      flagged: z.boolean(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      userAgent: z.string().nullable(),
      /** 'Chrome on Windows': the name the user's own sessions list shows. */
      device: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
  disputes: z.object({ raised: z.number().int(), against: z.number().int(), open: z.number().int() }),
  /** The privacy notice version the user accepted at sign-up and when; null: not recorded. */
  privacyConsent: privacyConsentSchema,
  /** The user's data exports, newest first (the latest 10): states and times only, never the file. */
  dataExports: z.array(staffDataExportSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const auditLogQuerySchema = z.object({
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(64).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.object({
    before: z.record(z.string(), z.unknown()).optional(),
    after: z.record(z.string(), z.unknown()).optional(),
    note: z.string().optional(),
  }),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});

/** GET /admin/transactions/{id}/ledger: the journal entries of one transaction, for the dispute workspace. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  /** Signed major units per account (debits negative); they sum to zero. */
  postings: z.array(z.object({ account: z.string(), amount: z.number() })),
});
export const transactionLedgerSchema = z.object({ entries: z.array(ledgerEntrySchema) });
