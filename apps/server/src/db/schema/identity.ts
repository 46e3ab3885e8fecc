import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  HISTORY_STATUSES,
  HISTORY_TYPES,
  IDENTITY_KINDS,
} from '@escrow/shared/schemas/identity';
import { id, timestamps } from '../columns.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * A verified NIN or BVN (docs/identity.md). The number is stored only encrypted (AES-256-GCM);
 * `numberHmac` (keyed HMAC-SHA256) is what makes one number verify only one account per type.
 */
export const identityNumbers = pgTable(
  'identity_numbers',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: IDENTITY_KINDS }).notNull(),
    numberCiphertext: text().notNull(),
    numberHmac: text().notNull(),
    /** The masked form shown everywhere (`*******8901`). */
    masked: text().notNull(),
    provider: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('identity_numbers_kind_hmac_unique').on(t.kind, t.numberHmac),
    uniqueIndex('identity_numbers_user_kind_unique').on(t.userId, t.kind),
  ],
);

/** Every NIN/BVN attempt that reached an answer, and every document event: the Overview's history. */
export const verificationHistory = pgTable(
  'verification_history',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verificationType: text({ enum: HISTORY_TYPES }).notNull(),
    status: text({ enum: HISTORY_STATUSES }).notNull(),
    /** VERIFIED, NAME_MISMATCH, IDENTITY_NOT_FOUND, IDENTITY_IN_USE, SUBMITTED, APPROVED or REJECTED. */
    outcome: text(),
    ...timestamps,
  },
  (t) => [index('verification_history_user_idx').on(t.userId, t.createdAt.desc())],
);

/** An identity document waiting for, or past, staff review. */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text({ enum: DOCUMENT_TYPES }).notNull(),
    numberCiphertext: text().notNull(),
    masked: text().notNull(),
    uploadId: text()
      .notNull()
      .references(() => uploads.id),
    status: text({ enum: DOCUMENT_STATUSES }).notNull().default('PENDING_REVIEW'),
    reason: text(),
    reviewerId: text().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('identity_documents_queue_idx').on(t.status, t.createdAt),
    index('identity_documents_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('identity_documents_one_pending_per_type')
      .on(t.userId, t.documentType)
      .where(sql`${t.status} = 'PENDING_REVIEW'`),
  ],
);
export type IdentityDocumentRow = typeof identityDocuments.$inferSelect;
