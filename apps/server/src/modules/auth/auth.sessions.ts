import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionView } from '@escrow/shared/schemas/auth';
import { SESSION_TEXT } from '@escrow/shared/schemas/auth';
import { sessions } from '../../db/schema/users.ts';
import { AppError } from '../../lib/errors.ts';
import type { Language } from '../../lib/i18n.ts';
import type { AuthDeps, AuthUser } from './auth.deps.ts';
import { describeDevice } from './auth.devices.ts';

/**
 * The Security tab's sessions (docs/security.md "Accounts and sessions"): the caller's live sessions, and
 * sign-out of one or of every other. Revocation goes through the token service, which drops the cached
 * sessions here and, through Redis, on every instance, and closes their sockets; the next request with such a
 * token is 401.
 */
export function createSessionsService({ db, clock, tokens }: Pick<AuthDeps, 'db' | 'clock' | 'tokens'>) {
  /** `language`: the reader's, for the device names ('Chrome on Windows'). */
  async function list(user: AuthUser, language: Language = 'en'): Promise<SessionView[]> {
    const rows = await db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        lastSeenAt: sessions.lastSeenAt,
        createdAt: sessions.createdAt,
      })
      .from(sessions)
      .where(
        and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())),
      )
      .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent, language),
      ipAddress: row.ipAddress,
      lastActiveAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
      createdAt: row.createdAt.toISOString(),
      current: row.id === user.sessionId,
    }));
  }

  /** Signs out one of the caller's sessions (their current one too: that is a logout); others' ids are 404. */
  async function revoke(user: AuthUser, sessionId: string): Promise<void> {
    if (!(await tokens.revokeOwn(user.id, sessionId))) throw new AppError('NOT_FOUND', SESSION_TEXT.notFound);
  }

  /** Signs out every session of the caller but the one making the request; answers how many ended. */
  async function revokeOthers(user: AuthUser): Promise<number> {
    const ended = await tokens.revokeAllForUser(user.id, { exceptSessionId: user.sessionId });
    return ended.length;
  }

  return { list, revoke, revokeOthers };
}
