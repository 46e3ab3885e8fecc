import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { handlePaystackEvent, isPaystackEvent } from './payments.webhook.ts';

/** Provider callbacks under /api/payments. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated to this plugin: JSON bodies stay raw bytes, because the signature covers exactly them.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/paystack/webhook',
    {
      schema: {
        tags: ['payments'],
        description:
          'Paystack events (charge.success, transfer.success, transfer.failed, transfer.reversed), signed with ' +
          'x-paystack-signature = HMAC-SHA512 of the raw body with the secret key. Redeliveries are ignored.',
        headers: z.looseObject({ 'x-paystack-signature': z.string().max(256).optional() }),
        response: { 200: envelope(z.object({ received: z.literal(true), outcome: z.string() })) },
      },
    },
    async (request) => {
      if (app.payments.name !== 'paystack') throw notFound('Route');
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new AppError('BAD_REQUEST', 'Expected a JSON body');
      if (!app.payments.verifyWebhook(raw, request.headers['x-paystack-signature']))
        throw new AppError('UNAUTHORIZED', 'Invalid webhook signature');
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 'Malformed JSON body');
      }
      if (!isPaystackEvent(event)) throw new AppError('BAD_REQUEST', 'Not a Paystack event');
      const outcome = await handlePaystackEvent(app, event);
      return ok({ received: true as const, outcome });
    },
  );
};
