import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.ts';
import { createOutageLog } from '../../lib/dependency-log.ts';
import { watchRedis } from '../../lib/redis-best-effort.ts';
import type { SessionUser } from './auth.request-user.ts';
import { Lru } from './auth.lru.ts';

/**
 * How long a session read from the database is trusted without asking again. Other instances learn
 * of a change through Redis at once; if that message is lost (Redis down, a reconnect), this bounds
 * how long they may still accept a revoked session or show an old level. It must stay ≤ 5 s, the
 * promise made for revocations across instances.
 */
export const SESSION_CACHE_TTL_MS = 4_000;
/** Sessions (and, separately, verified tokens) kept per instance; the least recently used go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** The Redis channel on which instances announce invalidations to each other. */
export const SESSION_CACHE_CHANNEL = 'auth:session-cache:invalidate';
/** What a verified token says, once its signature has been checked (a fact that never changes). */
export type TokenClaims = { sessionId: string; userId: string; expiresAtMs: number };

/** A session row that was live when read, with the slim user it belongs to. */
export type LiveSession = {
  userId: string;
  expiresAtMs: number;
  user: SessionUser;
  /** The session used a second factor (sessions.two_factor_verified_at is set). */
  twoFactorVerified: boolean;
  readAtMs: number;
};

/**
 * A session that is revoked or no longer exists. Both are final, so this answer is kept for as long
 * as the LRU keeps it (no TTL), and a replayed revoked token costs no query.
 */
export const GONE = 'gone';
export type SessionState = LiveSession | typeof GONE;

/** Taken before a database read; a store is dropped if an invalidation happened since (see `store`). */
export type ReadTicket = { generation: number; readAtMs: number };

export type SessionCacheOptions = {
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** With a URL, invalidations are published to and received from the other instances. */
  redisUrl?: string;
  ttlMs?: number;
  maxEntries?: number;
  channel?: string;
};

export type SessionCache = ReturnType<typeof createSessionCache>;

type Announcement = { from: string; sessionId?: string; userId?: string };

/**
 * The in-process cache of the authentication path: verified token claims (keyed by the token
 * string, so a repeated token skips the HMAC) and sessions (keyed by session id: validity, expiry
 * and the slim user of `request.user`), each bounded by an LRU; live sessions also by a TTL.
 *
 * Invalidation: `invalidateSession` (logout, one revoked session) and `invalidateUser` (password
 * change or reset, profile or e-mail change, a staff change of level or role, and the coming
 * suspension: every cached session of the user) drop the entries on this instance at once and
 * publish the same on Redis for the others. Whoever changes the data calls them after the change is
 * committed. A read that started before an invalidation is not stored (the generation counter), so
 * a lookup racing a logout cannot put the old answer back.
 *
 * Redis is best effort: a failure never reaches a request; it is logged once per interval and the
 * TTL bounds how stale another instance can be. After a lost subscription is restored, the whole
 * cache is dropped, since messages may have been missed meanwhile.
 */
export function createSessionCache(options: SessionCacheOptions) {
  const {
    clock,
    log,
    redisUrl,
    ttlMs = SESSION_CACHE_TTL_MS,
    maxEntries = SESSION_CACHE_MAX_ENTRIES,
    channel = SESSION_CACHE_CHANNEL,
  } = options;
  if (!(ttlMs > 0 && ttlMs <= 5_000)) throw new Error('session cache TTL must be within (0, 5000] ms');
  const claims = new Lru<string, TokenClaims>(maxEntries);
  const sessions = new Lru<string, SessionState>(maxEntries);
  let generation = 0;
  const nowMs = () => clock.now().getTime();

  function dropSession(sessionId: string) {
    generation += 1;
    sessions.delete(sessionId);
  }
  function dropUser(userId: string) {
    generation += 1;
    sessions.deleteWhere((state) => state !== GONE && state.userId === userId);
  }
  function dropAll() {
    generation += 1;
    sessions.clear();
  }

  const bus = redisUrl
    ? connectBus({ redisUrl, channel, clock, log, onMessage: apply, onResubscribed: dropAll })
    : null;

  function apply(announcement: Announcement) {
    if (announcement.sessionId) dropSession(announcement.sessionId);
    if (announcement.userId) dropUser(announcement.userId);
  }

  return {
    claims(token: string): TokenClaims | undefined {
      return claims.get(token);
    },
    rememberClaims(token: string, value: TokenClaims): void {
      claims.set(token, value);
    },

    /** The cached state of a session, or undefined when it must be read (unknown, or older than the TTL). */
    session(sessionId: string): SessionState | undefined {
      const state = sessions.get(sessionId);
      if (state === undefined || state === GONE) return state;
      const age = nowMs() - state.readAtMs;
      // A clock moved back (tests do) makes the age negative: read again rather than trust it longer.
      if (age >= 0 && age < ttlMs) return state;
      sessions.delete(sessionId);
      return undefined;
    },

    beginRead(): ReadTicket {
      return { generation, readAtMs: nowMs() };
    },

    /**
     * Keeps what a read found, unless an invalidation arrived while it ran (then the next request
     * reads again). The TTL counts from the start of the read, so the staleness bound holds.
     */
    store(ticket: ReadTicket, sessionId: string, state: SessionState): void {
      if (ticket.generation === generation) sessions.set(sessionId, state);
    },

    /** One session changed (revoked): forget it here and on every instance. */
    invalidateSession(sessionId: string): void {
      dropSession(sessionId);
      bus?.publish({ sessionId });
    },

    /**
     * Anything about the user changed (sessions revoked, a cached field, suspension): forget all of
     * their sessions here and on every instance. The operator console calls this when it suspends
     * or reinstates a user or changes a role.
     */
    invalidateUser(userId: string): void {
      dropUser(userId);
      bus?.publish({ userId });
    },

    /** Closes the Redis connections (on app close). */
    async close(): Promise<void> {
      await bus?.close();
    },

    /** For tests: how many sessions and verified tokens are held. */
    get size() {
      return { sessions: sessions.size, claims: claims.size };
    },
  };
}

/**
 * A publisher and a subscriber connection of its own (the socket.io adapter's are not shared). No
 * offline queue: while Redis is away a publish fails at once instead of piling up, and the
 * subscription is (re)made on every `ready`.
 */
function connectBus(options: {
  redisUrl: string;
  channel: string;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  onMessage: (announcement: Announcement) => void;
  onResubscribed: () => void;
}) {
  const { redisUrl, channel, clock, log, onMessage, onResubscribed } = options;
  const self = randomUUID();
  const clientOptions = {
    enableOfflineQueue: false,
    autoResubscribe: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
  };
  const pub = new Redis(redisUrl, clientOptions);
  const sub = new Redis(redisUrl, clientOptions);
  // ioredis retries (and errors) constantly while Redis is away: one line per interval, and one on recovery.
  const outage = createOutageLog(log, 'session cache (Redis)', {
    impact: 'other instances see session changes within the cache TTL',
    now: () => clock.now().getTime(),
  });
  const noteFailure = (error: unknown) => outage.failure(error);
  let subscribedBefore = false;

  watchRedis([pub, sub], outage);
  sub.on('ready', () => {
    sub.subscribe(channel).then(() => {
      // Messages sent while the subscription was down are lost: start afresh rather than wait out the TTL.
      if (subscribedBefore) onResubscribed();
      subscribedBefore = true;
    }, noteFailure);
  });
  sub.on('message', (messageChannel: string, text: string) => {
    if (messageChannel !== channel) return;
    const announcement = parseAnnouncement(text);
    if (announcement && announcement.from !== self) onMessage(announcement);
  });

  return {
    publish(announcement: Omit<Announcement, 'from'>): void {
      // Never awaited by a request: a slow or absent Redis must not hold it up or fail it.
      pub.publish(channel, JSON.stringify({ ...announcement, from: self })).catch(noteFailure);
    },
    async close(): Promise<void> {
      outage.stop();
      await Promise.allSettled(
        [pub, sub].map(async (client) => {
          if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
          else client.disconnect();
        }),
      );
    },
  };
}

function parseAnnouncement(text: string): Announcement | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { from, sessionId, userId } = value as Record<string, unknown>;
    if (typeof from !== 'string') return null;
    if (sessionId !== undefined && typeof sessionId !== 'string') return null;
    if (userId !== undefined && typeof userId !== 'string') return null;
    return { from, sessionId, userId };
  } catch {
    return null;
  }
}
