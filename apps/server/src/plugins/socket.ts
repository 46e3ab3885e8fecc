import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { CLIENT_EVENTS, SERVER_EVENTS, STAFF_ROOM, transactionRoom, userRoom } from '@escrow/shared/events';
import { pickLanguage } from '@escrow/shared/i18n/languages';
import { msg } from '@escrow/shared/i18n/msg';
import type { AppConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { createOutageLog } from '../lib/dependency-log.ts';
import { translate } from '../lib/i18n.ts';
import { bestEffortPublish, redisState, watchRedis } from '../lib/redis-best-effort.ts';
import { staffTwoFactorMet } from '../lib/staff-two-factor.ts';
import type { Clock } from '../lib/clock.ts';
import { sessionRoom, type AppSocket, type AppSocketServer, type RealtimeHub } from '../lib/realtime.ts';
import type { TokenService } from '../modules/auth/index.ts';
import { isTransactionMember } from '../modules/transactions/index.ts';

export type { AppSocket, Realtime, SocketData } from '../lib/realtime.ts';

type SocketDeps = {
  config: AppConfig;
  clock: Clock;
  db: Db;
  log: FastifyBaseLogger;
  realtime: RealtimeHub;
  tokens: TokenService;
};

const roomPayload = z.object({ transactionId: z.uuid() });
const TRANSACTION_NOT_FOUND = msg('Transaction Not Found');
const EXPIRY_SWEEP_MS = 2000;
type Ack = ((answer: { ok: boolean; error?: string }) => void) | undefined;

/**
 * socket.io on the API's own HTTP server (path /socket.io), authenticated with the bearer token in
 * `handshake.auth.token`. Every socket joins `user:{id}`; `transaction:{id}` only after a membership
 * check. The server announces changes after commit; client-sent status updates are never rebroadcast.
 * With REDIS_URL, the Redis adapter lets several instances share rooms.
 */
export const socketPlugin = fp<SocketDeps>(async (app, deps) => {
  const io: AppSocketServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same origin in production; the Vite dev server proxies /socket.io.
    cors: { origin: false },
    maxHttpBufferSize: 100_000,
  });
  let redis: Redis[] = [];

  if (deps.config.REDIS_URL) {
    // One outage log for the pair: ioredis retries (and errors) constantly while Redis is away.
    const outage = createOutageLog(deps.log, 'live channel (Redis)', {
      impact: "live events reach this instance's sockets only",
    });
    const pub = bestEffortPublish(
      new Redis(deps.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 }),
      outage,
    );
    // The subscriber's commands wait for Redis however long it is away (it only subscribes), so the
    // adapter's subscription lands once Redis answers, also when Redis was down at start.
    const sub = pub.duplicate({ maxRetriesPerRequest: null });
    watchRedis([pub, sub], outage);
    // An instance starts while Redis is away (it keeps reconnecting): live events stay on this instance
    // until it answers, as during any Redis outage.
    await Promise.all([pub.connect(), sub.connect()]).catch((error: unknown) => outage.failure(error));
    io.adapter(createAdapter(pub, sub));
    redis = [pub, sub];
    deps.realtime.setRedisState(() => (redisState(pub) === 'up' && redisState(sub) === 'up' ? 'up' : 'down'));
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    let verified: Awaited<ReturnType<typeof deps.tokens.verify>> | null;
    try {
      verified = typeof token === 'string' && token.length < 4096 ? await deps.tokens.verify(token) : null;
    } catch (error) {
      // The session could not be read (database lost): refuse this handshake so the client can retry.
      // Socket.io does not catch a rejected middleware: the handshake would never be answered.
      deps.log.warn({ err: error }, 'socket handshake refused: session could not be read');
      return next(new Error('Service temporarily unavailable'));
    }
    if (!verified) return next(new Error('Authentication required'));
    socket.data.userId = verified.user.id;
    socket.data.role = verified.user.role;
    socket.data.twoFactorVerified = verified.user.twoFactorVerified;
    socket.data.sessionId = verified.sessionId;
    socket.data.expiresAtMs = verified.expiresAtMs;
    socket.data.language = pickLanguage(verified.user.language, socket.handshake.headers['accept-language']);
    next();
  });

  // A token that expires while its socket is open goes with it (checked against the injected clock).
  // Revocations close sockets at once through their session room, but that needs Redis to reach the
  // other instances; so each sweep also asks the database which of this instance's sessions are still
  // live, and no socket outlives its session by more than a sweep or two whatever Redis does. One
  // sweep at a time; a sweep that cannot read the database keeps the sockets (it is not a revocation).
  let sweeping = false;
  const sweep = async () => {
    const now = deps.clock.now().getTime();
    const open = [...io.of('/').sockets.values()];
    for (const socket of open) if (socket.data.expiresAtMs <= now) socket.disconnect(true);
    const sessionIds = [...new Set(open.filter((s) => s.connected).map((s) => s.data.sessionId))];
    if (sessionIds.length === 0) return;
    const checked = new Set(sessionIds);
    const live = await deps.tokens.liveSessionIds(sessionIds);
    for (const socket of io.of('/').sockets.values())
      if (checked.has(socket.data.sessionId) && !live.has(socket.data.sessionId)) socket.disconnect(true);
  };
  const expirySweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((error: unknown) => deps.log.debug({ err: error }, 'socket session sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, EXPIRY_SWEEP_MS);
  expirySweep.unref();
  app.addHook('onClose', async () => clearInterval(expirySweep));

  // A revocation that commits while the handshake is being verified (or that another instance's
  // cache has not heard of yet) disconnects an empty session room. Once the socket is in the room, one
  // read of the session row settles it: revoked before the read, it is seen; after, its disconnect
  // finds the socket.
  async function joinSessionRoom(socket: AppSocket, token: string) {
    await socket.join(sessionRoom(socket.data.sessionId));
    try {
      if (!(await deps.tokens.verify(token, { fresh: true }))) socket.disconnect(true);
    } catch (error) {
      // The handshake did verify the token; a failed re-read (database away) keeps the socket.
      deps.log.warn({ err: error }, 'socket session re-check failed');
    }
  }

  io.on('connection', (socket) => {
    const userId = socket.data.userId;
    void socket.join(userRoom(userId));
    // Staff events (dispute queue updates) are a staff privilege: the same second-factor rule as staff routes.
    if (socket.data.role !== 'USER' && staffTwoFactorMet(socket.data, deps.config.staffTwoFactor))
      void socket.join(STAFF_ROOM);
    // The handshake checked that the token is a string.
    void joinSessionRoom(socket, socket.handshake.auth.token as string);
    // `text` is a message id, written in the socket's language.
    const refuse = (event: string, text: string, code: string, ack: Ack) => {
      const message = translate(socket.data.language, text);
      socket.emit(SERVER_EVENTS.error, { event, message, code });
      ack?.({ ok: false, error: message });
    };

    // The authenticated user's own room is joined on connect; the payload's userId is never trusted.
    socket.on(CLIENT_EVENTS.joinUserRoom, (_payload: unknown, ack?: Ack) => {
      void socket.join(userRoom(userId));
      if (typeof ack === 'function') ack({ ok: true });
    });

    socket.on(CLIENT_EVENTS.joinTransactionRoom, async (payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : undefined;
      const parsed = roomPayload.safeParse(payload);
      if (!parsed.success)
        return refuse(CLIENT_EVENTS.joinTransactionRoom, TRANSACTION_NOT_FOUND, 'NOT_FOUND', reply);
      try {
        if (!(await isTransactionMember(deps.db, parsed.data.transactionId, userId)))
          return refuse(CLIENT_EVENTS.joinTransactionRoom, TRANSACTION_NOT_FOUND, 'NOT_FOUND', reply);
        await socket.join(transactionRoom(parsed.data.transactionId));
        reply?.({ ok: true });
      } catch (error) {
        deps.log.error({ err: error }, 'join_transaction_room failed');
        refuse(
          CLIENT_EVENTS.joinTransactionRoom,
          msg('Could not join the transaction room'),
          'INTERNAL_ERROR',
          reply,
        );
      }
    });

    socket.on(CLIENT_EVENTS.leaveTransactionRoom, async (payload: unknown, ack?: Ack) => {
      const parsed = roomPayload.safeParse(payload);
      if (parsed.success) await socket.leave(transactionRoom(parsed.data.transactionId));
      if (typeof ack === 'function') ack({ ok: parsed.success });
    });

    // Prototype clients announce changes themselves; the server already did after commit, so these
    // are acknowledged and dropped rather than rebroadcast (a client could otherwise fake a status).
    for (const event of [CLIENT_EVENTS.transactionStatusUpdate, CLIENT_EVENTS.transactionCreated]) {
      socket.on(event, (_payload: unknown, ack?: Ack) => {
        if (typeof ack === 'function') ack({ ok: true });
      });
    }

    for (const handler of deps.realtime.connectionHandlers()) handler(socket);
  });

  deps.realtime.attach(io);

  // Close sockets before Fastify closes the HTTP server (upgraded connections would keep it open).
  // Closing the transports (not a server-side disconnect, which tells clients to stay away) is the
  // reconnect hint: clients see 'transport close' and reconnect, to another instance or to this one
  // once it is back.
  app.addHook('preClose', async () => {
    io.engine.close();
    await Promise.allSettled(redis.map((client) => client.quit()));
  });
});
