import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bankAccounts, withdrawals } from '../../db/schema/wallet.ts';

/** Withdrawals still on their way to the user's bank (PENDING), summed per currency in minor units. */
export async function pendingWithdrawalsOf(
  db: DbOrTx,
  userId: string,
): Promise<{ currency: string; amount: number }[]> {
  const rows = await db
    .select({ currency: withdrawals.currency, amount: sql<string>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'PENDING')))
    .groupBy(withdrawals.currency)
    .orderBy(asc(withdrawals.currency));
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

/**
 * A closed account's saved bank accounts are removed as the user would remove them (soft delete), inside
 * the closing transaction. The rows stay because past withdrawals point at them: where money went is
 * part of the financial record the law keeps (docs/privacy.md).
 */
export async function retireBankAccountsOf(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(bankAccounts)
    .set({ deletedAt: now })
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)));
}
