import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { IN_ESCROW_STATUSES } from '@escrow/shared/domain/transaction-machine';
import type { DbOrTx } from '../../db/client.ts';
import { transactions, type TransactionRow } from '../../db/schema/transactions.ts';

/**
 * The user's transactions (created or joined) whose money is in escrow now, newest first, at most
 * `limit`: those a party may still raise a dispute on (the disputes module's create screen).
 */
export function inEscrowTransactionsOf(db: DbOrTx, userId: string, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        or(eq(transactions.creatorId, userId), eq(transactions.counterpartyId, userId)),
        inArray(transactions.status, [...IN_ESCROW_STATUSES]),
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(limit);
}
