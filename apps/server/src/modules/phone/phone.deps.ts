import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MessagingProvider } from './phone.provider.ts';

/** What the phone module needs, handed in by the composition root. */
export type PhoneDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<AppConfig, 'publicUrl'>;
  /** SMS and WhatsApp: the sandbox outbox or Termii (config.smsProvider). */
  messaging: MessagingProvider;
};
