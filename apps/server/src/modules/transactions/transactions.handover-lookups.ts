import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions, type TransactionRow } from '../../db/schema/transactions.ts';

/**
 * The trade as it is now, if it still waits for the in-person handover (the handover module's
 * reminders read it inside their own database transaction, after claiming the code row).
 */
export async function tradeWaitingForHandover(tx: Tx, transactionId: string): Promise<TransactionRow | null> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.status, 'WAITING_FOR_HANDOVER')));
  return row ?? null;
}
