import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { SecondFactorCheck } from '../two-factor/index.ts';

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

/** The wallet's routes need one thing more than its jobs. */
export type WalletRouteDeps = WalletDeps & {
  /**
   * With two-factor sign-in on, withdrawals and bank-account changes need a code in X-Two-Factor-Code (the
   * two-factor module's check, passed in by app wiring); it runs after the Idempotency-Key is claimed, so a
   * replay answers without it, and a refusal frees the key (idempotency.ts `precondition`).
   */
  confirmSecondFactor: SecondFactorCheck;
};
