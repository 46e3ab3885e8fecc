import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  TOO_MANY_ATTEMPTS_LATER,
  tooManyAttemptsMinutes,
  tooManyAttemptsTextMessage,
} from '@escrow/shared/errors';
import { AppError } from './errors.ts';

/**
 * Request limits of write and probe routes, counted by @fastify/rate-limit (registered by
 * plugins/rate-limit.ts: in memory, or in Redis when REDIS_URL is set so every instance shares the counts).
 * Its per-route `config.rateLimit` runs at most one limit per request and counts every request, so
 * routes here use its `createRateLimit` instead: several rules per route, or failures only.
 */
export type LimitRule = {
  /** Part of every key, so two rules never share a count. */
  name: string;
  max: number;
  windowSeconds: number;
  /** Whose count: `byAddress`, `byUser`, or anything the request carries (an e-mail). */
  key: (request: FastifyRequest) => string;
};

/** The client address (IPv6 by its /64, which one subscriber usually holds whole). */
export const byAddress = (request: FastifyRequest) => normalizeIP(request.ip);

export const byUser = (request: FastifyRequest) => {
  if (!request.user) throw new Error('byUser needs an authenticated route');
  return request.user.id;
};

/** One budget per user for every way of sending a message: chat (REST and socket) and disputes. */
export const messagesRule = (config: { RATE_LIMIT_MESSAGES_PER_MINUTE: number }): LimitRule => ({
  name: 'messages-user',
  max: config.RATE_LIMIT_MESSAGES_PER_MINUTE,
  windowSeconds: 60,
  key: byUser,
});

/** 429 with the wait in whole minutes, one message in the reader's language (tooManyAttemptsText's words). */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const minutes = tooManyAttemptsMinutes(retryAfterSeconds);
  const headers = { 'retry-after': String(retryAfterSeconds) };
  return minutes === null
    ? new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS_LATER, undefined, headers)
    : new AppError('RATE_LIMITED', tooManyAttemptsTextMessage, undefined, headers, { minutes });
};

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
// Each `createRateLimit` has a store of its own (in memory): one counter per rule name and app, so
// routes in different modules that name the same rule share one count, in memory as in Redis.
const counters = new WeakMap<object, Map<string, Counter>>();

function counter(app: FastifyInstance, rule: LimitRule): Counter {
  const create = app.createRateLimit; // the root's decorator, seen the same from every plugin scope
  let byName = counters.get(create);
  if (!byName) counters.set(create, (byName = new Map()));
  let count = byName.get(rule.name);
  if (!count) {
    count = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
    });
    byName.set(rule.name, count);
  }
  return count;
}

/** A hook that counts the request against every rule; over any of them it answers 429 (the longest wait). */
export function limitRequests(app: FastifyInstance, ...rules: LimitRule[]) {
  const counters = rules.map((rule) => counter(app, rule));
  return async (request: FastifyRequest) => {
    let wait = 0;
    for (let index = 0; index < counters.length; index += 1) {
      const result = await counters[index]!(request);
      if (!result.isAllowed && result.isExceeded) {
        wait = Math.max(wait, result.ttlInSeconds, 1);
        app.rateLimitRefused(rules[index]!.name);
      }
    }
    if (wait > 0) throw tooManyRequests(wait);
  };
}

/**
 * The same count for a signed-in user outside HTTP (a socket event): throws the 429 error when over.
 * The rule's key sees a stand-in request that carries only the user.
 */
export function limitUser(app: FastifyInstance, rule: LimitRule) {
  const count = counter(app, rule);
  return async (userId: string) => {
    const standIn = { user: { id: userId }, routeOptions: { config: {} } } as unknown as FastifyRequest;
    const result = await count(standIn);
    if (!result.isAllowed && result.isExceeded) {
      app.rateLimitRefused(rule.name);
      throw tooManyRequests(Math.max(result.ttlInSeconds, 1));
    }
  };
}

/**
 * Counts only the answers with one of `statuses` (failures such as an unknown code), so honest use never
 * reaches the limit; once `rule.max` failures are in the window every request answers 429. Requests in
 * flight at the same moment are checked before any of them is counted, so a burst may overshoot by its size.
 */
export function limitFailures(app: FastifyInstance, rule: LimitRule, statuses: number[]) {
  const count = counter(app, rule);
  return {
    preHandler: async (request: FastifyRequest) => {
      const result = await count(request, { increment: false });
      if (!result.isAllowed && result.remaining === 0 && result.ttl > 0) {
        app.rateLimitRefused(rule.name);
        throw tooManyRequests(Math.max(result.ttlInSeconds, 1));
      }
    },
    // An onSend hook must not throw: its error would replace the answer with Fastify's default error
    // body (the app's error handler has already run), internals included. A failure that cannot be
    // counted (Redis away) is let through, as the limiter itself does.
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (statuses.includes(reply.statusCode))
        await count(request).catch((error: unknown) =>
          request.log.warn({ err: error }, 'rate limit: failure not counted'),
        );
      return payload;
    },
  };
}
