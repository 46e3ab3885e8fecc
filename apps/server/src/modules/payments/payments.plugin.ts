import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { createPaystackProvider } from './payments.paystack.ts';
import type { RefundDeps } from './payments.refunds.ts';
import { providerRefundsRoutes } from './payments.refunds.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { PaymentProvider } from './payments.provider.ts';
import { createSandboxProvider } from './payments.sandbox.ts';
import { testCheckoutRoutes } from './payments.test-checkout.routes.ts';
import type { PaymentsDeps } from './payments.deps.ts';
import type { DedicatedAccountOwner, WithdrawalOutcomes } from './payments.webhook.ts';

/** The configured payment provider: sandbox by default, Paystack with PAYSTACK_SECRET_KEY. */
export function createPaymentProvider(config: AppConfig, db: Db): PaymentProvider {
  if (config.paymentProvider !== 'paystack') return createSandboxProvider(db);
  const secretKey = config.PAYSTACK_SECRET_KEY;
  if (!secretKey) throw new Error('PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY');
  return createPaystackProvider({
    secretKey,
    baseUrl: config.PAYSTACK_BASE_URL,
    dedicatedAccountBank: config.PAYSTACK_DEDICATED_ACCOUNT_BANK,
  });
}

/**
 * Mounts /api/payments (the provider webhook; transfer events settle withdrawals through `withdrawals`,
 * transfers into a dedicated account are credited to the user `dedicatedAccountOwner` names) and the
 * staff list of provider refunds, /api/admin/refunds.
 */
export const paymentsModule =
  (
    deps: PaymentsDeps &
      RefundDeps & { withdrawals: WithdrawalOutcomes; dedicatedAccountOwner: DedicatedAccountOwner },
  ): FastifyPluginAsync =>
  async (app) => {
    await app.register(paymentsRoutes(deps), { prefix: '/api/payments' });
    await app.register(testCheckoutRoutes(deps), { prefix: '/api/payments' });
    await app.register(providerRefundsRoutes(deps), { prefix: '/api/admin' });
  };
