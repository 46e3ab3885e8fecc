import { and, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users, type UserRow } from '../../db/schema/users.ts';

type SessionRow = typeof sessions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The operator console's user search: an exact id, or e-mail / full name containing the text
 * (case-insensitive), newest first. Answers up to `limit + 1` rows so the caller can tell a next page.
 */
export function searchAccountRows(
  db: DbOrTx,
  filter: { q: string; page: number; limit: number },
): Promise<UserRow[]> {
  const q = filter.q.trim();
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = !q
    ? undefined
    : or(
        ...(UUID.test(q) ? [eq(users.id, q.toLowerCase())] : []),
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      );
  return db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit + 1)
    .offset((filter.page - 1) * filter.limit);
}

/** A user's live sessions for staff, newest first (at most 50). */
export function liveSessionsOf(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
}
