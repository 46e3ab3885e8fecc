import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from './payments.provider.ts';

/** What the payments module needs: the database, the configured provider, config, clock and log. */
export type PaymentsDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  payments: PaymentProvider;
};
