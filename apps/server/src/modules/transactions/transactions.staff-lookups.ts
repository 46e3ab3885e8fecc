import { desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactions, type TransactionRow } from '../../db/schema/transactions.ts';

/** Whether a transaction with this id exists (the operator console checks before showing its ledger). */
export async function transactionExists(db: DbOrTx, transactionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row !== undefined;
}

/** The newest transactions a user is a buyer or seller in (created by them or joined), for staff. */
export function newestTransactionsOf(db: DbOrTx, userId: string, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(or(eq(transactions.creatorId, userId), eq(transactions.counterpartyId, userId)))
    .orderBy(desc(transactions.createdAt))
    .limit(limit);
}
