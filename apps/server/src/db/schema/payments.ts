import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { journalEntries } from './ledger.ts';
import { users } from './users.ts';

export const PAYMENT_INTENT_PURPOSES = ['DEPOSIT', 'ESCROW'] as const;
export type PaymentIntentPurpose = (typeof PAYMENT_INTENT_PURPOSES)[number];
export const PAYMENT_INTENT_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/**
 * A single-use reference for money coming in through the provider. DEPOSIT intents credit the
 * wallet once confirmed; ESCROW intents are confirmed by the provider and then consumed exactly once
 * by the transaction they were issued for (`consumed_at`).
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    reference: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id),
    purpose: text({ enum: PAYMENT_INTENT_PURPOSES }).notNull(),
    transactionId: text(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    method: text().notNull(),
    provider: text().notNull(),
    status: text({ enum: PAYMENT_INTENT_STATUSES }).notNull().default('PENDING'),
    authorizationUrl: text(),
    failureReason: text(),
    confirmedAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
    entryId: text().references(() => journalEntries.id),
    ...timestamps,
  },
  (t) => [
    check('payment_intents_amount_positive', sql`${t.amount} > 0`),
    check(
      'payment_intents_escrow_has_transaction',
      sql`${t.purpose} <> 'ESCROW' or ${t.transactionId} is not null`,
    ),
    index('payment_intents_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Provider events already handled: a redelivered webhook is acknowledged and ignored. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    id: id(),
    provider: text().notNull(),
    eventKey: text().notNull(),
    eventType: text().notNull(),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('processed_webhook_events_key_unique').on(t.provider, t.eventKey)],
);

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
