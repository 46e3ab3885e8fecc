import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { PaymentProvider } from '../payments/index.ts';

/** What the transactions module needs from the outside, passed in by the composition root. */
export type TransactionsDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  log: FastifyBaseLogger;
  payments: PaymentProvider;
  config: AppConfig;
  mailer: Mailer;
};

/** The part the step engine uses (payment conditions and the jobs pass the same object). */
export type StepDeps = Pick<TransactionsDeps, 'db' | 'clock' | 'realtime' | 'log' | 'mailer' | 'config'>;
