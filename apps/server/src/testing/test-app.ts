import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { buildApp, type App } from '../app.ts';
import { GENEROUS_LIMITS } from './generous-limits.ts';

export type TestApp = App & { baseUrl?: string };

// One Redis key space per test process: runs sharing a Redis never see each other's counts, while the
// two instances of one test (same process) share theirs.
const RUN_PREFIX = `test-rate-limit:${process.pid}:${Date.now().toString(36)}:`;

/**
 * Builds the production app for a test file: a fresh in-memory PGlite (migrated), or, when the service
 * suite runs, the run's own PostgreSQL database (created and dropped by the global setup; files share it,
 * so tests isolate themselves by their own users and data and never assume empty tables).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<App> {
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-test-')),
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      // Instances on one PostgreSQL must share it (DATABASE_URL makes it required).
      IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
      // Suites sign in and sign up from one address many times: limits far above any test's use
      // (the throttling tests set their own).
      ...GENEROUS_LIMITS,
      RATE_LIMIT_REDIS_PREFIX: RUN_PREFIX,
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      // Test files share one PostgreSQL server: keep each file's pool small.
      DATABASE_POOL_MAX: '5',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    { memoryDatabase: true },
  );
  const database = await openDatabase(config.database, { startFrom: migratedSnapshot() });
  const app = await buildApp({ config, database, logger: false });
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.ready();
  return app;
}

let snapshot: Blob | undefined;
/** The run's migrated PGlite data directory (testing/global-setup.ts), read once per test file. */
export function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

let counter = 0;
/** A unique e-mail per call, so tests never collide on a shared database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** Path of a migrated PGlite dump, or '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}
