import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { waitlistEntrySchema, waitlistJoinResultSchema } from '@escrow/shared/schemas/waitlist';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import type { WaitlistService } from './waitlist.service.ts';

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
 * The public sign-up (no auth). Rate-limited per client IP in this plugin only: the limit is an abuse
 * guard for an open form, not a product rule, and the counters live in memory per instance (behind N
 * instances a client gets at most N times the limit, which is acceptable for a waitlist).
 */
export const waitlistPublicRoutes: FastifyPluginAsyncZod<{ service: WaitlistService }> = async (
  app,
  { service },
) => {
  await app.register(rateLimit, {
    max: app.config.WAITLIST_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: () =>
      new AppError('RATE_LIMITED', 'Too many sign-up attempts. Please try again in a minute.'),
  });

  app.post(
    '/waitlist',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Join the pre-launch waitlist',
        body: waitlistEntrySchema,
        response: { 200: joined, 201: joined, ...failures(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { alreadyJoined, entry } = await service.join(request.body);
      if (entry) service.afterJoin(entry, responseSent(reply));
      return alreadyJoined
        ? reply.status(200).send(ok({ alreadyJoined }, 'You are already on the waitlist.'))
        : reply.status(201).send(ok({ alreadyJoined }, 'You have joined the waitlist.'));
    },
  );
};
