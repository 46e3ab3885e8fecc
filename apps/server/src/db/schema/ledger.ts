import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

export const LEDGER_ACCOUNT_TYPES = [
  'USER_WALLET',
  'ESCROW',
  'PLATFORM_FEES',
  'EXTERNAL_FUNDING',
  'EXTERNAL_PAYOUTS',
  'REFUND_CLEARING',
] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

/**
 * One account per wallet (user + currency), per transaction escrow, and per system purpose.
 * `balance` is a cache of the sum of the account's postings, updated in the same database
 * transaction as the postings; the CHECK keeps wallets and escrows from going below zero even if
 * application code were wrong. External clearing accounts mirror money outside and may go negative.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    code: text().notNull().unique(),
    type: text({ enum: LEDGER_ACCOUNT_TYPES }).notNull(),
    ownerUserId: text().references(() => users.id),
    // No foreign key: transactions belong to another module; the escrow hold row ties them together.
    transactionId: text(),
    currency: text().notNull(),
    balance: bigint({ mode: 'number' }).notNull().default(0),
    // The sum of the account's postings in DEPOSIT entries, kept like the balance (migration 0030), so the
    // wallet summary's "total deposits" costs one row whatever the history; the reconciliation checks it.
    deposited: bigint({ mode: 'number' }).notNull().default(0),
    allowNegative: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('ledger_accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
    index('ledger_accounts_owner_idx').on(t.ownerUserId),
  ],
);

/** One business event. Append-only (trigger); its postings must sum to zero per currency (deferred trigger). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    idempotencyKey: text().notNull().unique(),
    kind: text().notNull(),
    description: text().notNull(),
    userId: text(),
    transactionId: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('journal_entries_transaction_idx').on(t.transactionId)],
);

/**
 * Signed movements: positive adds to the account's balance, negative takes from it. Append-only.
 * `entryId` and `accountId` name a journal entry and a ledger account that exist, with the account in
 * the posting's currency: checked once per INSERT statement by the postings_balanced trigger (migration
 * 0029), not by foreign keys (which ran two lookups per posting); entries and accounts are never deleted
 * nor given another id (triggers refuse it), so a posting's references stay valid.
 */
export const postings = pgTable(
  'postings',
  {
    id: id(),
    entryId: text().notNull(),
    accountId: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    // What this leg is for when an entry has several legs on one account (e.g. 'withdrawal_fee').
    memo: text(),
    ...timestamps,
  },
  (t) => [
    check('postings_amount_not_zero', sql`${t.amount} <> 0`),
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

export const ESCROW_HOLD_STATUSES = ['HELD', 'RELEASED', 'REFUNDED'] as const;
export type EscrowHoldStatus = (typeof ESCROW_HOLD_STATUSES)[number];

/** The two-phase hold of a transaction's payment: HELD until released or refunded, exactly once. */
export const escrowHolds = pgTable(
  'escrow_holds',
  {
    id: id(),
    transactionId: text().notNull().unique(),
    buyerId: text()
      .notNull()
      .references(() => users.id),
    sellerId: text().references(() => users.id),
    currency: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** Released in parts while HELD (a milestone trade's accepted milestones); the rest resolves the hold. */
    released: bigint({ mode: 'number' }).notNull().default(0),
    status: text({ enum: ESCROW_HOLD_STATUSES }).notNull().default('HELD'),
    resolvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('escrow_holds_amount_positive', sql`${t.amount} > 0`),
    check('escrow_holds_released_within', sql`${t.released} >= 0 and ${t.released} < ${t.amount}`),
    check('escrow_holds_resolved', sql`(${t.status} = 'HELD') = (${t.resolvedAt} is null)`),
    index('escrow_holds_buyer_status_idx').on(t.buyerId, t.status),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type PostingRow = typeof postings.$inferSelect;
export type EscrowHoldRow = typeof escrowHolds.$inferSelect;
