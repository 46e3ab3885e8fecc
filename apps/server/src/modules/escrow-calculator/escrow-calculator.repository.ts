import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { feeCalculations, type FeeCalculationRow } from '../../db/schema/fee-calculations.ts';

export type NewFeeCalculation = typeof feeCalculations.$inferInsert;

export async function insertFeeCalculation(
  db: DbOrTx,
  values: NewFeeCalculation,
): Promise<FeeCalculationRow> {
  const [row] = await db.insert(feeCalculations).values(values).returning();
  return row!;
}

/** One page of a user's calculations, newest first (served by the (user_id, created_at desc) index). */
export async function listFeeCalculations(
  db: DbOrTx,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: FeeCalculationRow[]; total: number }> {
  const owned = eq(feeCalculations.userId, userId);
  const rows = await db
    .select()
    .from(feeCalculations)
    .where(owned)
    .orderBy(desc(feeCalculations.createdAt), desc(feeCalculations.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [totals] = await db.select({ n: count() }).from(feeCalculations).where(owned);
  return { rows, total: totals?.n ?? 0 };
}
