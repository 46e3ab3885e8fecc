import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import { createOutageLog } from '../lib/dependency-log.ts';
import type { AppMetrics } from '../lib/metrics.ts';
import { watchRedis } from '../lib/redis-best-effort.ts';

type RateLimitOptions = { config: AppConfig; metrics: Pick<AppMetrics, 'rateLimitRefused'> };

/**
 * @fastify/rate-limit for the limits of lib/rate-limits.ts: nothing is limited unless a route asks
 * (`global: false`). With REDIS_URL the counts live in Redis (its Redis store) so every instance shares
 * them; without it, in this instance's memory.
 *
 * Redis is best effort here as everywhere: no offline queue, so while Redis is away a count fails at
 * once and the request is let through (`skipOnError`) rather than held or refused. Sign-in guessing stays
 * throttled in the database meanwhile (lib/throttle.ts). Keys read `<prefix>undefinedundefined-<rule>:<who>`:
 * the package names the stores of `createRateLimit` after a route they do not have; they expire with
 * their window.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a refusal of the named limit (rate_limit_refusals_total); lib/rate-limits.ts calls it. */
    rateLimitRefused: (limit: string) => void;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, { config, metrics }: RateLimitOptions) => {
  app.decorate('rateLimitRefused', metrics.rateLimitRefused);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        commandTimeout: 2_000,
      })
    : undefined;
  if (redis) {
    watchRedis(
      [redis],
      createOutageLog(app.log, 'rate limits (Redis)', { impact: 'requests are not limited meanwhile' }),
    );
    // Counting starts shared: wait (briefly) for the connection rather than let the first requests through.
    app.addHook('onReady', async () => {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, 2_000);
        redis.once('ready', done);
      });
    });
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: config.RATE_LIMIT_REDIS_PREFIX } : {}),
  });
});
