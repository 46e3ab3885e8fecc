import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { PaymentProvider } from '../payments/index.ts';

/** What the wallet module needs: the database, the payment provider, config, clock and log. */
export type WalletDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  payments: PaymentProvider;
  /** Withdrawal outcomes are notified live and by e-mail. */
  realtime: Realtime;
  mailer: Mailer;
};
