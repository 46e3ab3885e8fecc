import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  FEE_DELIVERY_METHODS,
  FEE_PAYMENT_METHODS,
  FEE_TRANSACTION_TYPES,
  FEE_VERIFICATION_LEVELS,
  RISK_LEVELS,
} from '@escrow/shared/domain/fee-estimate';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

/**
 * One row per signed-in fee calculation (listed by the calculator's history). The inputs and the
 * user's verification level and trust score at that moment are kept, so a row still explains its figures
 * after the user's level changes. Estimates (signed out) are not stored.
 */
export const feeCalculations = pgTable(
  'fee_calculations',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionAmount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    transactionType: text({ enum: FEE_TRANSACTION_TYPES }).notNull(),
    categoryName: text().notNull(),
    deliveryMethod: text({ enum: FEE_DELIVERY_METHODS }),
    paymentMethod: text({ enum: FEE_PAYMENT_METHODS }),
    verificationLevel: text({ enum: FEE_VERIFICATION_LEVELS }).notNull(),
    trustScore: integer().notNull(),
    /** Thousandths of a percent (2.85% → 2850), the model's exact unit. */
    feeRateMilliPercent: integer().notNull(),
    feeAmount: bigint({ mode: 'number' }).notNull(),
    totalAmount: bigint({ mode: 'number' }).notNull(),
    riskLevel: text({ enum: RISK_LEVELS }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('fee_calculations_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('fee_calculations_amount_positive', sql`${t.transactionAmount} > 0`),
    check('fee_calculations_rate_range', sql`${t.feeRateMilliPercent} between 500 and 5000`),
    check('fee_calculations_total', sql`${t.totalAmount} = ${t.transactionAmount} + ${t.feeAmount}`),
  ],
);

export type FeeCalculationRow = typeof feeCalculations.$inferSelect;
