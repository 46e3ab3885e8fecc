import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { parsePaystackEvent } from './payments.paystack-schemas.ts';
import type { PaymentsDeps } from './payments.deps.ts';
import { handlePaystackEvent, type WebhookDeps } from './payments.webhook.ts';
import { msg } from '@escrow/shared/i18n/msg';

/** Provider callbacks under /api/payments. */
export const paymentsRoutes =
  (deps: WebhookDeps & PaymentsDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
            'Paystack events (charge.success, transfer.success, transfer.failed, transfer.reversed, refund.processed, ' +
            'refund.failed), signed with ' +
            'x-paystack-signature = HMAC-SHA512 of the raw body with the secret key. Redeliveries are ignored. ' +
            'A signed event of a type acted on but missing a field it needs is refused with 400 ' +
            '(VALIDATION_ERROR); other well-formed event types are acknowledged as ignored.',
          headers: z.looseObject({ 'x-paystack-signature': z.string().max(256).optional() }),
          response: { 200: envelope(z.object({ received: z.literal(true), outcome: z.string() })) },
        },
      },
      async (request) => {
        if (deps.payments.name !== 'paystack') throw notFound(msg('Route not found'));
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('BAD_REQUEST', 'Expected a JSON body');
        if (!deps.payments.verifyWebhook(raw, request.headers['x-paystack-signature']))
          throw new AppError('UNAUTHORIZED', 'Invalid webhook signature');
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('BAD_REQUEST', 'Malformed JSON body');
        }
        // Signed by Paystack but not the shape we act on: refused whole, before anything is written
        // (Paystack retries, and the warning shows what changed). Logged by path only, never values.
        const parsed = parsePaystackEvent(body);
        if (!parsed.ok) {
          request.log.warn({ reqId: request.id, issues: parsed.issues }, 'malformed paystack webhook event');
          throw badRequest('Malformed Paystack event');
        }
        const outcome = await handlePaystackEvent(deps, parsed.event);
        return ok({ received: true as const, outcome });
      },
    );
  };
