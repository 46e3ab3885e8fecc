import { and, desc, eq, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/users.ts';

/**
 * When the user signed in before: the start of their latest session begun before `sessionId` (or before
 * now, when no session is given: at sign-in, before the new one is issued), or null on the first sign-in.
 * Sessions are revoked, not deleted when they end, so they are the sign-in history and no extra column is
 * needed; the housekeeping deletes them 90 days after they ended (auth.retention.ts), so a sign-in after
 * a longer absence may find no previous one.
 */
export async function previousSignInAt(
  db: DbOrTx,
  userId: string,
  sessionId?: string,
): Promise<string | null> {
  const current = sessionId
    ? (
        await db
          .select({ createdAt: sessions.createdAt })
          .from(sessions)
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      )[0]
    : undefined;
  const [previous] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ...(sessionId ? [ne(sessions.id, sessionId)] : []),
        ...(current
          ? [
              or(
                lt(sessions.createdAt, current.createdAt),
                and(eq(sessions.createdAt, current.createdAt), lt(sessions.id, sessionId!)),
              ),
            ]
          : []),
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return previous ? previous.createdAt.toISOString() : null;
}
