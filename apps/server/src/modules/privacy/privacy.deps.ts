import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { TokenService } from '../auth/index.ts';
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
