import { sql, type AnyColumn } from 'drizzle-orm';

/** Work a scheduled job finds due and has not done yet (the scheduler_due_jobs metrics). */
export type DueBacklog = { due: number; oldestDueAt: Date | null };

/** The select of a due-work count over rows already filtered to the due ones, by their due time. */
export const dueBacklogFields = (dueAt: AnyColumn) => ({
  due: sql<number>`count(*)`.mapWith(Number),
  oldestDueEpoch: sql<number | null>`extract(epoch from min(${dueAt}))`.mapWith(Number),
});

export function toDueBacklog(row: { due: number; oldestDueEpoch: number | null } | undefined): DueBacklog {
  if (!row || row.oldestDueEpoch === null) return { due: row?.due ?? 0, oldestDueAt: null };
  return { due: row.due, oldestDueAt: new Date(row.oldestDueEpoch * 1000) };
}
