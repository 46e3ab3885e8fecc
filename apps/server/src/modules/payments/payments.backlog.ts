import { and, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { providerRefunds } from '../../db/schema/payments.ts';
import { dueBacklogFields, toDueBacklog, type DueBacklog } from '../../lib/due-backlog.ts';

/**
 * Provider refunds due to be sent or looked up again (retryDueProviderRefunds' rows: this provider's
 * PENDING ones past their next attempt), for the scheduler metrics; one indexed read.
 */
export async function dueProviderRefunds(db: DbOrTx, provider: string, now: Date): Promise<DueBacklog> {
  const [row] = await db
    .select(dueBacklogFields(providerRefunds.nextAttemptAt))
    .from(providerRefunds)
    .where(
      and(
        eq(providerRefunds.status, 'PENDING'),
        eq(providerRefunds.provider, provider),
        lte(providerRefunds.nextAttemptAt, now),
      ),
    );
  return toDueBacklog(row);
}
