import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { escrowCalculatorRoutes } from './escrow-calculator/escrow-calculator.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { paymentsModule } from './payments/payments.plugin.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { waitlistModule } from './waitlist/waitlist.plugin.ts';
import { transactionsRoutes } from './transactions/transactions.routes.ts';
import { paymentConditionsRoutes } from './payment-conditions/payment-conditions.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';

/** Every module's routes, registered under /api. One line per module. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(paymentsModule);
  await app.register(walletRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(escrowCalculatorRoutes, { prefix: '/api/escrow-calculator' });
  await app.register(waitlistModule, { prefix: '/api' });
  await app.register(transactionsRoutes, { prefix: '/api' });
  await app.register(paymentConditionsRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(uploadsRoutes, { prefix: '/api' });
}
