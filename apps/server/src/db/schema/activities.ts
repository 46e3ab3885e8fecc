import type { MessageParams } from '@escrow/shared/i18n/translator';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ACTIVITY_ACTIONS } from '@escrow/shared/schemas/transaction-shapes';
import { id, timestamps } from '../columns.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

/** Append-only activity feed of a transaction (who did what, with the role they acted in). */
export const transactionActivities = pgTable(
  'transaction_activities',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    action: text({ enum: ACTIVITY_ACTIONS }).notNull(),
    /** A message id (English ICU text) with `params`, written in each reader's language (docs/languages.md). */
    description: text().notNull(),
    params: jsonb().$type<MessageParams>().notNull().default({}),
    status: text({ enum: ['completed', 'pending', 'failed'] })
      .notNull()
      .default('completed'),
    userId: text().references(() => users.id),
    userName: text().notNull(),
    userRole: text({ enum: ['BUYER', 'SELLER', 'SYSTEM'] }).notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('transaction_activities_transaction_idx').on(t.transactionId, t.createdAt.desc())],
);
export type TransactionActivityRow = typeof transactionActivities.$inferSelect;
