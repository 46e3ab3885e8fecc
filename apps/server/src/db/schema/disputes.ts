import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DISPUTE_PRIORITIES,
  DISPUTE_STATUSES,
  DISPUTE_TYPES,
  RESOLUTION_ACTIONS,
  RESOLUTION_CLOSED_REASONS,
  RESOLUTION_STATUSES,
  RESOLUTION_TYPES,
} from '@escrow/shared/domain/disputes';
import { TRANSACTION_STATUSES } from '@escrow/shared/domain/transaction-machine';
import type { MessageParams } from '@escrow/shared/i18n/translator';
import { id, timestamps } from '../columns.ts';
import { transactions } from './transactions.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A dispute on one transaction (docs/disputes.md). OPEN → IN_REVIEW → RESOLVED → CLOSED; at most one
 * OPEN or IN_REVIEW per transaction (partial unique index). `statusBeforeDispute` is where a NO_ACTION
 * outcome returns the transaction.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id),
    raisedById: text()
      .notNull()
      .references(() => users.id),
    accusedId: text()
      .notNull()
      .references(() => users.id),
    disputeType: text({ enum: DISPUTE_TYPES }).notNull(),
    reason: text().notNull(),
    description: text().notNull(),
    priority: text({ enum: DISPUTE_PRIORITIES }).notNull().default('MEDIUM'),
    status: text({ enum: DISPUTE_STATUSES }).notNull().default('OPEN'),
    statusBeforeDispute: text({ enum: TRANSACTION_STATUSES }).notNull(),
    resolution: text({ enum: RESOLUTION_ACTIONS }),
    resolutionNotes: text(),
    slaDueAt: instant().notNull(),
    assignedToId: text().references(() => users.id),
    takenAt: instant(),
    escalatedAt: instant(),
    resolvedAt: instant(),
    closedAt: instant(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('disputes_one_unresolved_per_transaction')
      .on(t.transactionId)
      .where(sql`${t.status} in ('OPEN', 'IN_REVIEW')`),
    index('disputes_transaction_idx').on(t.transactionId),
    index('disputes_raised_by_idx').on(t.raisedById, t.createdAt.desc()),
    index('disputes_accused_idx').on(t.accusedId, t.createdAt.desc()),
    index('disputes_queue_idx').on(t.status, t.createdAt.desc()),
    // The closing timer reads RESOLVED disputes by resolution time.
    index('disputes_resolved_idx')
      .on(t.resolvedAt)
      .where(sql`${t.status} = 'RESOLVED'`),
    check('disputes_parties_differ', sql`${t.raisedById} <> ${t.accusedId}`),
  ],
);
export type DisputeRow = typeof disputes.$inferSelect;

/**
 * The dispute's conversation. SYSTEM messages have no sender; internal notes (staff) are never sent to
 * a party. A SYSTEM message's `content` is a message id (its English text, ICU) with `params`, written
 * in each reader's language when read (docs/languages.md); lines stored before that are English text
 * with `{}` params, which translate() passes through unchanged.
 */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: id(),
    disputeId: text()
      .notNull()
      .references(() => disputes.id),
    senderId: text().references(() => users.id),
    content: text().notNull(),
    params: jsonb().$type<MessageParams>().notNull().default({}),
    isInternal: boolean().notNull().default(false),
    isSystem: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('dispute_messages_dispute_idx').on(t.disputeId, t.createdAt)],
);
export type DisputeMessageRow = typeof disputeMessages.$inferSelect;

/** Evidence: an upload (purpose dispute_evidence) attached once to one dispute. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: id(),
    disputeId: text()
      .notNull()
      .references(() => disputes.id),
    uploadId: text()
      .notNull()
      .unique()
      .references(() => uploads.id),
    uploaderId: text()
      .notNull()
      .references(() => users.id),
    description: text(),
    ...timestamps,
  },
  (t) => [index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt)],
);
export type DisputeEvidenceRow = typeof disputeEvidence.$inferSelect;

/**
 * Proposals (MEDIATION, by a party) and decisions (ADMIN_DECISION, by staff). A proposal is PENDING
 * until the other party accepts or rejects it, it expires (48 h), its proposer supersedes it, or the
 * dispute leaves OPEN (withdrawn). `amount` is the buyer's share of a REFUND_PARTIAL in minor units.
 */
export const disputeResolutions = pgTable(
  'dispute_resolutions',
  {
    id: id(),
    disputeId: text()
      .notNull()
      .references(() => disputes.id),
    proposedById: text()
      .notNull()
      .references(() => users.id),
    resolutionType: text({ enum: RESOLUTION_TYPES }).notNull(),
    resolution: text({ enum: RESOLUTION_ACTIONS }).notNull(),
    amount: bigint({ mode: 'number' }),
    reason: text().notNull(),
    status: text({ enum: RESOLUTION_STATUSES }).notNull().default('PENDING'),
    closedReason: text({ enum: RESOLUTION_CLOSED_REASONS }),
    rejectionReason: text(),
    expiresAt: instant(),
    decidedAt: instant(),
    decidedById: text().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('dispute_resolutions_dispute_idx').on(t.disputeId, t.createdAt),
    uniqueIndex('dispute_resolutions_one_pending_per_proposer')
      .on(t.disputeId, t.proposedById)
      .where(sql`${t.status} = 'PENDING'`),
    index('dispute_resolutions_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'PENDING'`),
    check('dispute_resolutions_amount', sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);
export type DisputeResolutionRow = typeof disputeResolutions.$inferSelect;
