import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitlistEntrySchema, waitlistJoinResultSchema } from '@escrow/shared/schemas/waitlist';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { createThrottle, throttleKeys } from '../../lib/throttle.ts';
import type { WaitlistDeps, WaitlistService } from './waitlist.service.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const joined = envelope(waitlistJoinResultSchema);

/** Resolves once the response has been written (or the client went away). */
function responseSent(reply: FastifyReply): Promise<void> {
  const raw = reply.raw;
  if (raw.writableFinished) return Promise.resolve();
  return new Promise((resolve) => {
    raw.once('finish', () => resolve());
    raw.once('close', () => resolve());
  });
}

/**
 * The public sign-up (no auth). Limited per client IP: an abuse guard for an open form, not a product
 * rule. The counters are the database throttle's, so every server instance counts the same sign-ups.
 */
export const waitlistPublicRoutes: FastifyPluginAsyncZod<{
  service: WaitlistService;
  deps: Pick<WaitlistDeps, 'db' | 'clock' | 'config' | 'metrics'>;
}> = async (app, { service, deps }) => {
  const limit = deps.config.WAITLIST_RATE_LIMIT_PER_MINUTE;
  const throttle = createThrottle(deps, 60, {
    sweepPrefix: throttleKeys.waitlist(''),
    onBlocked: deps.metrics.rateLimitRefused,
  });
  const limitPerIp = async (request: FastifyRequest) => {
    const key = throttleKeys.waitlist(request.ip);
    const count = (await throttle.record([key])).get(key) ?? 0;
    if (count <= limit) return;
    const wait = (await throttle.retryAfter([{ key, limit }])) ?? 60;
    throw new AppError(
      'RATE_LIMITED',
      msg('Too many sign-up attempts. Please try again in a minute.'),
      undefined,
      { 'retry-after': String(wait) },
    );
  };

  app.post(
    '/waitlist',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Join the pre-launch waitlist',
        body: waitlistEntrySchema,
        response: { 200: joined, 201: joined, ...failures(400, 413, 415, 429) },
      },
      onRequest: limitPerIp,
    },
    async (request, reply) => {
      const { alreadyJoined, entry } = await service.join(request.body);
      if (entry) service.afterJoin(entry, responseSent(reply), requestLanguage(request));
      return alreadyJoined
        ? reply.status(200).send(ok({ alreadyJoined }, msg('You are already on the waitlist.')))
        : reply.status(201).send(ok({ alreadyJoined }, msg('You have joined the waitlist.')));
    },
  );
};
