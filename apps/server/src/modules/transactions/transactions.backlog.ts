import { and, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { dueBacklogFields, toDueBacklog, type DueBacklog } from '../../lib/due-backlog.ts';

/**
 * Automatic releases due and not yet done (autoReleaseDue's rows), for the scheduler metrics: one
 * indexed read (transactions_auto_release_idx).
 */
export async function dueAutoReleases(db: DbOrTx, now: Date): Promise<DueBacklog> {
  const [row] = await db
    .select(dueBacklogFields(transactions.autoReleaseAt))
    .from(transactions)
    .where(
      and(eq(transactions.status, 'WAITING_FOR_BUYER_CONFIRMATION'), lte(transactions.autoReleaseAt, now)),
    );
  return toDueBacklog(row);
}
