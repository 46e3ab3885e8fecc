import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';

/** What the webhooks module needs, passed in by the composition root. */
export type WebhooksDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  config: Pick<AppConfig, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE_URLS' | 'identityKey'>;
};

/**
 * Production refuses http and private addresses, when saving a URL and again at each delivery;
 * WEBHOOK_ALLOW_PRIVATE_URLS=true (development, tests) allows both.
 */
export const strictUrls = (config: WebhooksDeps['config']) =>
  config.NODE_ENV === 'production' && !config.WEBHOOK_ALLOW_PRIVATE_URLS;
