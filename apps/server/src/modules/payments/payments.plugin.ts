import fp from 'fastify-plugin';
import { createPaystackProvider } from './payments.paystack.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { PaymentProvider } from './payments.provider.ts';
import { createSandboxProvider } from './payments.sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider (sandbox by default, Paystack with PAYSTACK_SECRET_KEY). */
    payments: PaymentProvider;
  }
}

/** Decorates `app.payments` (before the routes that move money) and mounts /api/payments. */
export const paymentsModule = fp(async (app) => {
  if (app.config.paymentProvider === 'paystack') {
    const secretKey = app.config.PAYSTACK_SECRET_KEY;
    if (!secretKey) throw new Error('PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY');
    app.decorate(
      'payments',
      createPaystackProvider({
        secretKey,
        baseUrl: app.config.PAYSTACK_BASE_URL,
        dedicatedAccountBank: app.config.PAYSTACK_DEDICATED_ACCOUNT_BANK,
      }),
    );
  } else {
    app.decorate('payments', createSandboxProvider(app.db));
  }
  await app.register(paymentsRoutes, { prefix: '/api/payments' });
});
