import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { TokenService } from '../auth/index.ts';
import type { SecondFactorCheck } from '../two-factor/index.ts';
import type { FileStorage } from '../uploads/index.ts';

/** What the privacy module needs, passed in by the composition root. */
export type PrivacyDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  realtime: Pick<Realtime, 'disconnectUser' | 'toUser'>;
  tokens: Pick<TokenService, 'revokeAllForUser' | 'invalidateUser' | 'sessionsEnded'>;
  storage: FileStorage;
};

/** The closing route needs one thing more than the export jobs. */
export type PrivacyRouteDeps = PrivacyDeps & {
  /** With two-factor sign-in on, closing the account also needs a code (the two-factor module's check). */
  confirmSecondFactor: SecondFactorCheck;
};
