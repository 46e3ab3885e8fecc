import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A Redis outage is logged at most once per this interval, not once per event. */
export const REDIS_FAILURE_LOG_INTERVAL_MS = 30_000;

/**
 * Makes a Redis client's `publish` best-effort. The socket.io Redis adapter publishes without awaiting or
 * catching (emit, disconnectSockets, serverSideEmit): with Redis down, ioredis rejects
 * (MaxRetriesPerRequestError, or "Stream isn't writeable" without the offline queue) and that unhandled
 * rejection would take the whole instance down. Live events are best-effort, money is not: a failed
 * publish is logged, at most once per interval, and answers 0 receivers. When Redis is back, publishing
 * works again without a restart (ioredis reconnects by itself).
 */
export function bestEffortPublish(client: Redis, log: FastifyBaseLogger, what: string): Redis {
  const publish = client.publish.bind(client) as (
    channel: string,
    message: string | Buffer,
  ) => Promise<number>;
  let loggedAt = -Infinity;
  const patched = (channel: string, message: string | Buffer) =>
    publish(channel, message).catch((error: unknown) => {
      const now = performance.now();
      if (now - loggedAt >= REDIS_FAILURE_LOG_INTERVAL_MS) {
        loggedAt = now;
        log.warn(
          { err: error },
          `${what}: Redis unavailable, live events reach this instance's sockets only`,
        );
      }
      return 0;
    });
  (client as unknown as { publish: typeof patched }).publish = patched;
  return client;
}

/** 'up' when the client is connected and ready, else 'down'. */
export function redisState(client: Redis): 'up' | 'down' {
  return client.status === 'ready' ? 'up' : 'down';
}
