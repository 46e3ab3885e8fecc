import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** CREDITED_TO_WALLET: staff credited a FAILED refund to the buyer's wallet instead (payments.refunds.ts). */
export const PROVIDER_REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CREDITED_TO_WALLET'] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

/**
 * The buyer's share of an escrow refund going back through the provider to the card or bank it came
 * from (docs/money.md "Refunds"). Written PENDING in the same database transaction as the ledger entry
 * that moves the share from escrow to the refund clearing account; the provider is asked after commit,
 * and again by the scheduler (`next_attempt_at`) until it succeeds or the attempts run out (FAILED:
 * staff see it, the buyer is told). `provider_refund_reference` is the provider's id for the refund
 * once it accepted one, so a refund still on its way is looked up rather than sent again.
 */
export const providerRefunds = pgTable(
  'provider_refunds',
  {
    id: id(),
    /** The business event (e.g. `escrow-refund:{transactionId}`): one provider refund per event. */
    idempotencyKey: text().notNull().unique(),
    transactionId: text().notNull(),
    buyerId: text()
      .notNull()
      .references(() => users.id),
    provider: text().notNull(),
    method: text().notNull(),
    /** The provider's reference of the payment being refunded. */
    paymentReference: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    status: text({ enum: PROVIDER_REFUND_STATUSES }).notNull().default('PENDING'),
    providerRefundReference: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** The escrow → refund clearing entry, and the clearing → external entry once it succeeded. */
    entryId: text().references(() => journalEntries.id),
    settledEntryId: text().references(() => journalEntries.id),
    succeededAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('provider_refunds_amount_positive', sql`${t.amount} > 0`),
    index('provider_refunds_transaction_idx').on(t.transactionId),
    index('provider_refunds_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export type ProviderRefundRow = typeof providerRefunds.$inferSelect;
