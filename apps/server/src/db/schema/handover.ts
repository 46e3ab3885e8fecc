import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { transactions } from './transactions.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * The release code of an in-person trade (docs/handover.md), owned by the handover module.
 * One row per transaction, made when first needed after payment (the buyer's first read; else a seller's
 * entry or a reminder, which keep their state on it); `code` is replaced on regeneration (the old one
 * stops working). The buyer must be able to read it again, so it is stored as
 * it is: it is never put in a view, log line, notification or e-mail, and it only releases this one
 * escrow into the seller's own wallet.
 */
export const handoverCodes = pgTable(
  'handover_codes',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    usedAt: instant(),
    /** Entry is refused until this time after too many wrong codes. */
    lockedUntil: instant(),
    /** Reminders to both parties 3 and 7 days after payment, each sent once. */
    reminder3SentAt: instant(),
    reminder7SentAt: instant(),
    ...timestamps,
  },
  (t) => [check('handover_codes_six_digits', sql`${t.code} ~ '^[0-9]{6}$'`)],
);
export type HandoverCodeRow = typeof handoverCodes.$inferSelect;

/** Every code the seller entered (right or wrong): wrong ones in the last hour decide the lock. */
export const handoverAttempts = pgTable(
  'handover_attempts',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    correct: boolean().notNull(),
    ...timestamps,
  },
  (t) => [index('handover_attempts_transaction_idx').on(t.transactionId, t.createdAt)],
);
