import { sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import type { DueBacklog } from './due-backlog.ts';

/** An outbox as the metrics show it (docs/operations.md, "Metrics"). */
export type OutboxState = {
  pending: number;
  /** PENDING after a failed attempt: the far end is failing. */
  retrying: number;
  /** Attempts ran out (kept until the outbox's retention removes them); staff see them in the console. */
  failed: number;
  /** PENDING rows whose attempt is due now (the delivery job's work). */
  backlog: DueBacklog;
};

/** An outbox table: rows PENDING until delivered, retried on `next_attempt_at`, FAILED once given up. */
export type OutboxTable = PgTable & { status: AnyColumn; attempts: AnyColumn; nextAttemptAt: AnyColumn };

type Row = { pending: number; retrying: number; failed: number; due: number; oldest_due: number | null };

/**
 * One read of an outbox's PENDING and FAILED rows (the delivered ones, the bulk, are not read). Shared by
 * the webhook and text-message outboxes, whose tables have the same three columns for this.
 */
export async function outboxState(db: DbOrTx, table: OutboxTable, now: Date): Promise<OutboxState> {
  const at = now.toISOString();
  const { status, attempts, nextAttemptAt } = table;
  const result = (await db.execute(sql`
    select count(*) filter (where ${status} = 'PENDING')::int as pending,
           count(*) filter (where ${status} = 'PENDING' and ${attempts} > 0)::int as retrying,
           count(*) filter (where ${status} = 'FAILED')::int as failed,
           count(*) filter (where ${status} = 'PENDING' and ${nextAttemptAt} <= ${at}::timestamptz)::int as due,
           extract(epoch from min(${nextAttemptAt})
             filter (where ${status} = 'PENDING' and ${nextAttemptAt} <= ${at}::timestamptz))::float8 as oldest_due
      from ${table}
     where ${status} in ('PENDING', 'FAILED')`)) as { rows: Row[] };
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
