import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import type { NameChecks } from './auth.name-change.ts';
import type { TokenService } from './auth.tokens.ts';

/** What the accounts module needs, passed in by the composition root. */
export type AuthDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  tokens: TokenService;
  /** The user's completed and active transactions (the transactions module answers; passed in by app wiring). */
  transactionCounts: (userId: string) => Promise<{ completed: number; active: number }>;
  /** Sign-in throttle refusals are counted (rate_limit_refusals_total). */
  metrics: Pick<AppMetrics, 'rateLimitRefused'>;
  /** The identity checks a name change withdraws (the identity module answers; passed in by app wiring). */
  nameChecks: NameChecks;
  /**
   * Whether the upload is the user's own profile picture (the uploads module answers; passed in by app
   * wiring, since uploads depends on auth).
   */
  ownProfilePicture: (userId: string, uploadId: string) => Promise<boolean>;
  /**
   * After a right password: a second-factor challenge when the user has two-factor sign-in on, else null
   * (the two-factor module answers; passed in by app wiring).
   */
  twoFactorChallenge: (
    userId: string,
    attempt: { ip: string; userAgent?: string | undefined },
  ) => Promise<{ challenge: string; expiresAt: string } | null>;
};

/** The slim user of `request.user` (its own file: auth.tokens.ts needs it, and this file needs that). */
export type { AuthUser, SessionUser } from './auth.request-user.ts';
