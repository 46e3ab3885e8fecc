import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DueBacklog } from '../../lib/due-backlog.ts';

/** The outbox as the metrics show it: deliveries waiting, those retrying after a failure, those given up. */
export type WebhookOutboxState = {
  pending: number;
  retrying: number;
  /** FAILED deliveries still kept (events go after 30 days): attempts ran out or the endpoint was disabled. */
  failed: number;
  /** PENDING deliveries whose attempt is due now (deliverDueWebhooks' work). */
  backlog: DueBacklog;
};

type Row = { pending: number; retrying: number; failed: number; due: number; oldest_due: number | null };

/** One read of webhook_deliveries' PENDING and FAILED rows (SUCCEEDED ones, the bulk, are not read). */
export async function webhookOutboxState(db: DbOrTx, now: Date): Promise<WebhookOutboxState> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    select count(*) filter (where status = 'PENDING')::int as pending,
           count(*) filter (where status = 'PENDING' and attempts > 0)::int as retrying,
           count(*) filter (where status = 'FAILED')::int as failed,
           count(*) filter (where status = 'PENDING' and next_attempt_at <= ${at}::timestamptz)::int as due,
           extract(epoch from min(next_attempt_at)
             filter (where status = 'PENDING' and next_attempt_at <= ${at}::timestamptz))::float8 as oldest_due
      from webhook_deliveries
     where status in ('PENDING', 'FAILED')`)) as { rows: Row[] };
  const row = result.rows[0];
  const oldest = row?.oldest_due ?? null;
  return {
    pending: Number(row?.pending ?? 0),
    retrying: Number(row?.retrying ?? 0),
    failed: Number(row?.failed ?? 0),
    backlog: {
      due: Number(row?.due ?? 0),
      oldestDueAt: oldest === null ? null : new Date(Number(oldest) * 1000),
    },
  };
}
