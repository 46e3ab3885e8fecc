import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AuditEntryView } from '@escrow/shared/schemas/admin';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { userDirectory } from '../../db/schema/published.ts';

export type AuditFilter = {
  actor?: string;
  action?: string;
  targetId?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
};

/** One page of the audit log, newest first, with the actor's name; `hasMore` instead of a count. */
export async function listAudit(db: DbOrTx, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actorId, filter.actor));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.from) conditions.push(gte(auditLog.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(auditLog.createdAt, new Date(filter.to)));
  const rows = await db
    .select({ entry: auditLog, firstName: userDirectory.firstName, lastName: userDirectory.lastName })
    .from(auditLog)
    .innerJoin(userDirectory, eq(userDirectory.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit + 1)
    .offset((filter.page - 1) * filter.limit);
  const entries: AuditEntryView[] = rows.slice(0, filter.limit).map(({ entry, firstName, lastName }) => ({
    id: entry.id,
    actorId: entry.actorId,
    actorName: `${firstName} ${lastName}`.trim(),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    summary: entry.summary,
    requestId: entry.requestId,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, page: filter.page, limit: filter.limit, hasMore: rows.length > filter.limit };
}
