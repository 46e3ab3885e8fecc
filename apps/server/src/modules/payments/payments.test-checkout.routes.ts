import {
  testCheckoutBodySchema,
  testCheckoutResultSchema,
  testCheckoutSchema,
} from '@escrow/shared/schemas/test-checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import type { PaymentsDeps } from './payments.deps.ts';
import { loadTestCheckout, payTestCheckout } from './payments.test-checkout.ts';

const secured = { tags: ['payments'], security: [{ bearerAuth: [] }] };
// A reference the platform issued ('esc_' + 32 hex); anything else is simply not found.
const params = z.object({ reference: z.string().max(100) });
const REFERENCE = /^esc_[0-9a-f]{32}$/;

/** The sandbox's test checkout under /api/payments (404 with a real provider, or for anyone but the payer). */
export const testCheckoutRoutes =
  (deps: PaymentsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/test-checkout/:reference',
      {
        schema: {
          ...secured,
          description: 'Test mode only: the payment the buyer is about to make on the test checkout.',
          params,
          response: { 200: envelope(z.object({ checkout: testCheckoutSchema })) },
        },
        preHandler: app.authenticate,
      },
      async (request) => {
        const { reference } = request.params;
        const checkout = await loadTestCheckout(
          deps,
          request.user!,
          REFERENCE.test(reference) ? reference : '',
          requestLanguage(request),
        );
        return ok({ checkout });
      },
    );

    app.post(
      '/test-checkout/:reference',
      {
        schema: {
          ...secured,
          description:
            'Test mode only: pay with a test card (its number decides the outcome) or settle a bank transfer.',
          params,
          body: testCheckoutBodySchema,
          response: { 200: envelope(z.object({ result: testCheckoutResultSchema })) },
        },
        preHandler: app.authenticate,
      },
      async (request) => {
        const { reference } = request.params;
        const result = await payTestCheckout(
          deps,
          request.user!,
          REFERENCE.test(reference) ? reference : '',
          request.body,
          requestLanguage(request),
        );
        return ok({ result });
      },
    );
  };
