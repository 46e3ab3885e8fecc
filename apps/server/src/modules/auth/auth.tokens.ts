import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withCompiledRowMapper } from '../../db/compiled-row-mapper.ts';
import { readCacheOf } from '../../db/read-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessions, users } from '../../db/schema/users.ts';
import type { AuthUser } from './auth.request-user.ts';
import { Lru } from './auth.lru.ts';
import { GONE, type SessionCache, type SessionState, type TokenClaims } from './auth.session-cache.ts';

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * A session's last activity is written at most this often (per session and instance, and guarded in
 * the UPDATE so several instances do not all write it): enough for a sessions list, never a write per request.
 */
export const LAST_SEEN_INTERVAL_MS = 60_000;

/** The user columns a request carries (`SessionUser`): never the password hash, never the whole row. */
const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  verificationLevel: users.verificationLevel,
  trustScore: users.trustScore,
  // The language answers are written in (plugins/language.ts); Preferences invalidates it.
  language: users.language,
  // Suspension (operator console) adds the user's status here, and `verify` refuses a suspended one;
  // the console calls `invalidateUser` when it suspends or reinstates.
};

/**
 * Bearer tokens are short JWTs naming a session row; the row makes them revocable (logout,
 * password change) and the signature keeps forged ids out without a lookup storm. Verified claims
 * and session rows are kept a few seconds in the session cache (auth.session-cache.ts); every
 * change that revokes a session or alters a cached user field invalidates it.
 */
export function createTokenService(
  db: Db,
  clock: Clock,
  /** The signing secret, or [current, previous] during a rotation (JWT_SECRET_PREVIOUS). */
  secret: string | readonly string[],
  ttlHours: number,
  cache: SessionCache,
  /** Called after sessions end (committed), so their live sockets are closed too. */
  onSessionsEnded: (sessionIds: string[]) => void = () => {},
) {
  // Tokens are signed with the first key; any of them verifies one (a rotation's previous secret).
  const keys = (typeof secret === 'string' ? [secret] : secret).map((s) => new TextEncoder().encode(s));
  const key = keys[0]!;
  /** When this instance last wrote each session's last activity (bounded like the session cache). */
  const lastSeenWrites = new Lru<string, number>(10_000);

  /** `twoFactorVerified`: the sign-in passed a second factor (POST /auth/2fa/verify). */
  async function issue(
    userId: string,
    userAgent?: string,
    ipAddress?: string,
    options: { twoFactorVerified?: boolean } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + ttlHours * 3600_000);
    const [session] = await db
      .insert(sessions)
      .values({
        userId,
        expiresAt,
        userAgent: userAgent?.slice(0, 300),
        ipAddress: ipAddress?.slice(0, 64),
        lastSeenAt: now,
        twoFactorVerifiedAt: options.twoFactorVerified ? now : null,
      })
      .returning({ id: sessions.id });
    lastSeenWrites.set(session!.id, now.getTime());
    const token = await new SignJWT({ sid: session!.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  }

  async function verifiedPayload(token: string) {
    for (const candidate of keys) {
      try {
        return (await jwtVerify(token, candidate, { algorithms: ['HS256'] })).payload;
      } catch {
        // Not this key (or not a valid token at all): try the next one.
      }
    }
    return null;
  }

  /** The token's claims if its signature is ours (checked once per token string, then remembered). */
  async function readClaims(token: string): Promise<TokenClaims | null> {
    const known = cache.claims(token);
    if (known) return known;
    const payload = await verifiedPayload(token);
    if (!payload) return null;
    const { sid, sub, exp } = payload;
    if (typeof sid !== 'string' || !sub || typeof exp !== 'number') return null;
    const claims = { sessionId: sid, userId: sub, expiresAtMs: exp * 1000 };
    cache.rememberClaims(token, claims);
    return claims;
  }

  const sessionQuery = db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      twoFactorVerifiedAt: sessions.twoFactorVerifiedAt,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1);
  // A plain SELECT: running it is not a write for the embedded read cache (which a session read every
  // few seconds would otherwise empty), and one prepared statement saves building it on every read.
  readCacheOf(db)?.pureRead(sessionQuery.toSQL().sql);
  const sessionById = withCompiledRowMapper(sessionQuery.prepare('session_with_user'));

  /** The session row and its slim user, read from the database and kept in the cache. */
  async function readSession(sessionId: string): Promise<SessionState> {
    const ticket = cache.beginRead();
    const [row] = await sessionById.execute({ sessionId });
    // Revoked and deleted are final; an expired session is not cached as gone (tests move the clock back).
    const state: SessionState =
      !row || row.revokedAt
        ? GONE
        : {
            userId: row.userId,
            expiresAtMs: row.expiresAt.getTime(),
            user: row.user,
            twoFactorVerified: row.twoFactorVerifiedAt !== null,
            readAtMs: ticket.readAtMs,
          };
    cache.store(ticket, sessionId, state);
    return state;
  }

  /**
   * The user and session behind a token, or null when it is forged, expired or revoked. The user is
   * the slim `AuthUser` (a fresh object per call, so a route cannot alter the cached one). `fresh`
   * reads the session row even when cached: for a check that must see every committed revocation.
   */
  async function verify(
    token: string,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<{ user: AuthUser; sessionId: string; expiresAtMs: number } | null> {
    const claims = await readClaims(token);
    if (!claims || claims.expiresAtMs <= clock.now().getTime()) return null;
    const session =
      (fresh ? undefined : cache.session(claims.sessionId)) ?? (await readSession(claims.sessionId));
    if (session === GONE || session.userId !== claims.userId) return null;
    if (session.expiresAtMs <= clock.now().getTime()) return null;
    noteActivity(claims.sessionId);
    return {
      user: { ...session.user, sessionId: claims.sessionId, twoFactorVerified: session.twoFactorVerified },
      sessionId: claims.sessionId,
      expiresAtMs: Math.min(claims.expiresAtMs, session.expiresAtMs),
    };
  }

  /**
   * Records the session's last activity, at most once a minute: not awaited (a request never waits for
   * it, and a failure only leaves an older time in the sessions list).
   */
  function noteActivity(sessionId: string): void {
    const nowMs = clock.now().getTime();
    const last = lastSeenWrites.get(sessionId);
    if (last !== undefined && nowMs - last >= 0 && nowMs - last < LAST_SEEN_INTERVAL_MS) return;
    lastSeenWrites.set(sessionId, nowMs);
    const now = new Date(nowMs);
    db.update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.id, sessionId),
          or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, new Date(nowMs - LAST_SEEN_INTERVAL_MS))),
        ),
      )
      .then(
        () => undefined,
        () => undefined,
      );
  }

  /**
   * Revokes one of the user's own sessions; false when no live session of theirs has that id (a
   * stranger's id is "not found", never revoked). The cache forgets it here and on every instance.
   */
  async function revokeOwn(userId: string, sessionId: string): Promise<boolean> {
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (revoked.length === 0) return false;
    cache.invalidateSession(sessionId);
    onSessionsEnded([sessionId]);
    return true;
  }

  /** Revokes one session; this instance refuses it at once, the others as soon as Redis tells them. */
  async function revoke(sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    cache.invalidateSession(sessionId);
    onSessionsEnded([sessionId]);
  }

  /**
   * Revokes every live session of the user, except one when given (a password change keeps the
   * session that made it). One statement, and it runs on `executor` so a caller can include it in
   * the same database transaction as the password update. Run on a transaction, the caller calls
   * `invalidateUser` once it has committed (before that, another request would read the old rows
   * back into the cache) and `sessionsEnded` with the ids this answers; run on the database, this does both.
   */
  async function revokeAllForUser(
    userId: string,
    options: { exceptSessionId?: string; executor?: DbOrTx } = {},
  ): Promise<string[]> {
    const { exceptSessionId, executor = db } = options;
    const revoked = await executor
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    const ids = revoked.map((row) => row.id);
    if (executor === db) {
      cache.invalidateUser(userId);
      onSessionsEnded(ids);
    }
    return ids;
  }

  const liveQuery = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`,
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}`,
      ),
    );
  readCacheOf(db)?.pureRead(liveQuery.toSQL().sql);
  const liveById = liveQuery.prepare('live_sessions');

  /**
   * Which of these sessions are still live (not revoked, not expired), read from the database: the
   * sockets' periodic check, which must not depend on any cache or on Redis having carried a
   * revocation from another instance.
   */
  async function liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    for (let start = 0; start < sessionIds.length; start += 1000) {
      const rows = await liveById.execute({
        ids: sessionIds.slice(start, start + 1000),
        now: clock.now().toISOString(),
      });
      for (const row of rows) live.add(row.id);
    }
    return live;
  }

  /**
   * Marks a live session as having used the second factor (turning two-factor sign-in on does it for
   * the session that did); the cache forgets the session here and on every instance.
   */
  async function markTwoFactorVerified(sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ twoFactorVerifiedAt: clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    cache.invalidateSession(sessionId);
  }

  /**
   * Two-factor sign-in went off (by the owner or reset by staff): no session of the user counts as
   * verified any more. Run on a transaction, the caller calls `invalidateUser` once it has committed;
   * run on the database, this does it.
   */
  async function clearTwoFactorVerified(userId: string, executor: DbOrTx = db): Promise<void> {
    await executor
      .update(sessions)
      .set({ twoFactorVerifiedAt: null })
      .where(and(eq(sessions.userId, userId), isNotNull(sessions.twoFactorVerifiedAt)));
    if (executor === db) cache.invalidateUser(userId);
  }

  /** After a committed `revokeAllForUser` run in a transaction: close those sessions' sockets. */
  function sessionsEnded(sessionIds: string[]): void {
    if (sessionIds.length) onSessionsEnded(sessionIds);
  }

  /**
   * Forgets every cached session of the user, here and on every instance: call it after committing
   * any change to what a request reads from `request.user` (e-mail, names, role, verification level,
   * trust score, the coming suspension) or to the user's sessions.
   */
  function invalidateUser(userId: string): void {
    cache.invalidateUser(userId);
  }

  return {
    issue,
    verify,
    liveSessionIds,
    revoke,
    revokeOwn,
    revokeAllForUser,
    sessionsEnded,
    invalidateUser,
    markTwoFactorVerified,
    clearTwoFactorVerified,
    close: () => cache.close(),
  };
}
