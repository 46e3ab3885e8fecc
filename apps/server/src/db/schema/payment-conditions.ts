import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_CONDITION_TYPES } from '@escrow/shared/schemas/payment-conditions';
import { id, timestamps } from '../columns.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Release conditions. TIME_BASED rows carry `releaseAt`, which the scheduler reads; at most one
 * unmet time release and one delivery condition per transaction (partial unique indexes).
 */
export const paymentConditions = pgTable(
  'payment_conditions',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    conditionType: text({ enum: PAYMENT_CONDITION_TYPES }).notNull(),
    conditionValue: text(),
    releaseAt: instant(),
    isMet: boolean().notNull().default(false),
    metAt: instant(),
    createdBy: text().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('payment_conditions_transaction_idx').on(t.transactionId),
    index('payment_conditions_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.conditionType} = 'TIME_BASED' and ${t.isMet} = false`),
    uniqueIndex('payment_conditions_one_pending_time')
      .on(t.transactionId)
      .where(sql`${t.conditionType} = 'TIME_BASED' and ${t.isMet} = false`),
    uniqueIndex('payment_conditions_one_delivery')
      .on(t.transactionId)
      .where(sql`${t.conditionType} = 'DELIVERY_CONFIRMED'`),
  ],
);
export type PaymentConditionRow = typeof paymentConditions.$inferSelect;
