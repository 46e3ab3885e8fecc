import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DueBacklog } from '../../lib/due-backlog.ts';

/** The text-message outbox as the metrics show it (docs/operations.md, "Metrics"). */
export type TextMessageOutboxState = {
  pending: number;
  /** PENDING after a failed attempt: the provider is failing. */
  retrying: number;
  /** Attempts ran out (kept 30 days); staff see them in the console. */
  failed: number;
  /** PENDING messages due now (deliverDueTextMessages' work). */
  backlog: DueBacklog;
};

type Row = { pending: number; retrying: number; failed: number; due: number; oldest_due: number | null };

/** One read of sms_messages' PENDING and FAILED rows (the SENT ones, the bulk, are not read). */
export async function textMessageOutboxState(db: DbOrTx, now: Date): Promise<TextMessageOutboxState> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    select count(*) filter (where status = 'PENDING')::int as pending,
           count(*) filter (where status = 'PENDING' and attempts > 0)::int as retrying,
           count(*) filter (where status = 'FAILED')::int as failed,
           count(*) filter (where status = 'PENDING' and next_attempt_at <= ${at}::timestamptz)::int as due,
           extract(epoch from min(next_attempt_at)
             filter (where status = 'PENDING' and next_attempt_at <= ${at}::timestamptz))::float8 as oldest_due
      from sms_messages
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
