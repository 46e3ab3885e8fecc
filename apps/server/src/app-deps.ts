import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { AppMetrics } from './lib/metrics.ts';
import type { RealtimeHub } from './lib/realtime.ts';
import type { TokenService } from './modules/auth/index.ts';
import type { IdentityCrypto, IdentityProvider } from './modules/identity/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import type { MessagingProvider } from './modules/phone/index.ts';
import type { FileStorage } from './modules/uploads/index.ts';

/**
 * Everything the modules may depend on, built once by `buildApp` (the composition root). Each module
 * declares the part it uses (its own `*Deps` type) and receives it explicitly.
 */
export type AppDeps = {
  db: Db;
  databaseKind: Database['kind'];
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  realtime: RealtimeHub;
  payments: PaymentProvider;
  tokens: TokenService;
  storage: FileStorage;
  /** NIN/BVN checks (sandbox or Dojah) and the encryption of identity numbers. */
  identityProvider: IdentityProvider;
  identityCrypto: IdentityCrypto;
  /** SMS and WhatsApp (sandbox outbox or Termii): phone codes, and the text-message outbox's sending. */
  messaging: MessagingProvider;
  /** PGlite only: an online backup of the embedded database (null on PostgreSQL: use its own tools). */
  dumpDatabase: (() => Promise<Blob>) | null;
  /** This app's Prometheus registry and what records into it (served at /metrics with METRICS_TOKEN). */
  metrics: AppMetrics;
};
