import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { journalEntries } from './ledger.ts';
import { users } from './users.ts';

/** A user's saved payout account; removal is soft so past withdrawals keep their destination. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    accountNumber: text().notNull(),
    // As resolved by the payment provider (never typed by the user).
    accountName: text().notNull(),
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bank_accounts_active_unique')
      .on(t.userId, t.bankCode, t.accountNumber)
      .where(sql`${t.deletedAt} is null`),
    index('bank_accounts_user_idx').on(t.userId),
  ],
);

export const WITHDRAWAL_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * A payout to a bank. The debit (amount + fee) is posted when the row is created; a failed or
 * reversed transfer is undone by a separate reversal entry, never by editing the first.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    bankAccountId: text()
      .notNull()
      .references(() => bankAccounts.id),
    reference: text().notNull().unique(),
    amount: bigint({ mode: 'number' }).notNull(),
    fee: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    status: text({ enum: WITHDRAWAL_STATUSES }).notNull().default('PENDING'),
    provider: text().notNull(),
    transferCode: text(),
    failureReason: text(),
    entryId: text().references(() => journalEntries.id),
    reversalEntryId: text().references(() => journalEntries.id),
    completedAt: timestamp({ withTimezone: true }),
    /** When the reconciliation job last asked the provider about this (still pending) withdrawal. */
    lastCheckedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt),
    // The reconciliation job reads only pending withdrawals, oldest first.
    index('withdrawals_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** A provider-issued account number that funds the user's wallet by bank transfer (not for BASIC). */
export const dedicatedAccounts = pgTable('dedicated_accounts', {
  id: id(),
  userId: text()
    .notNull()
    .unique()
    .references(() => users.id),
  provider: text().notNull(),
  accountNumber: text().notNull(),
  bankName: text().notNull(),
  accountName: text().notNull(),
  // Paystack's customer code: incoming transfers name the customer, not a reference we issued.
  customerCode: text(),
  ...timestamps,
});

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type DedicatedAccountRow = typeof dedicatedAccounts.$inferSelect;
