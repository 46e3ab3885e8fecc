import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessions, users, type UserRow } from '../../db/schema/users.ts';

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * Bearer tokens are short JWTs naming a session row; the row makes them revocable (logout,
 * password change) and the signature keeps forged ids out without a lookup storm.
 */
export function createTokenService(db: Db, clock: Clock, secret: string, ttlHours: number) {
  const key = new TextEncoder().encode(secret);

  async function issue(userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(clock.now().getTime() + ttlHours * 3600_000);
    const [session] = await db
      .insert(sessions)
      .values({ userId, expiresAt, userAgent: userAgent?.slice(0, 300) })
      .returning({ id: sessions.id });
    const token = await new SignJWT({ sid: session!.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  }

  /** The user and session behind a token, or null when it is forged, expired or revoked. */
  async function verify(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
    let sid: unknown;
    let sub: string | undefined;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      sid = payload.sid;
      sub = payload.sub;
    } catch {
      return null;
    }
    if (typeof sid !== 'string' || !sub) return null;
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sid),
          eq(sessions.userId, sub),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, clock.now()),
        ),
      )
      .limit(1);
    return row ? { user: row.user, sessionId: sid } : null;
  }

  async function revoke(sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /**
   * Revokes every live session of the user, except one when given (a password change keeps the
   * session that made it). One statement, and it runs on `executor` so a caller can include it in
   * the same database transaction as the password update.
   */
  async function revokeAllForUser(
    userId: string,
    options: { exceptSessionId?: string; executor?: DbOrTx } = {},
  ): Promise<void> {
    const { exceptSessionId, executor = db } = options;
    await executor
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
  }

  return { issue, verify, revoke, revokeAllForUser };
}
