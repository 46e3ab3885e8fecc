import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import type { TokenService } from '../auth/index.ts';

/** What the two-factor module needs, passed in by the composition root. */
export type TwoFactorDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  tokens: Pick<TokenService, 'issue' | 'markTwoFactorVerified' | 'clearTwoFactorVerified' | 'invalidateUser'>;
  /** Refusals of the code throttle are counted (rate_limit_refusals_total). */
  metrics: Pick<AppMetrics, 'rateLimitRefused'>;
};
