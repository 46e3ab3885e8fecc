import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, PGLITE_OPTIONS } from '../db/client.ts';
import { buildApp, type App } from '../app.ts';
import { GENEROUS_LIMITS } from './generous-limits.ts';

export type TestApp = App & { baseUrl?: string };

// One Redis key space per test process: runs sharing a Redis never see each other's counts, while the
// two instances of one test (same process) share theirs.
const RUN_PREFIX = `test-rate-limit:${process.pid}:${Date.now().toString(36)}:`;

/**
 * Builds the production app for a test file on the test worker's in-memory PGlite (migrated), or, when
 * the service suite runs, on the run's own PostgreSQL database (created and dropped by the global setup).
 * Either way the database is shared: by the files of the run on PostgreSQL, by the files a worker runs
 * (one after another) on PGlite, so tests isolate themselves by their own users and data and never
 * assume empty tables.
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
  const database = await openDatabase(
    config.database,
    config.database.kind === 'pglite' ? { pglite: await workerPglite() } : {},
  );
  const app = await buildApp({ config, database, logger: false });
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.ready();
  return app;
}

// The server project runs with `isolate: false` (vitest.config.ts): a worker keeps this module, and so
// this PGlite, from one test file to the next. Loading a migrated PGlite costs about 1.5 s: once per
// worker instead of once per app saves minutes of a run. Each app still opens its own database on it
// (its own read cache and hooks, as in production); the instance closes with the worker.
let sharedPglite: Promise<PGlite> | undefined;
function workerPglite(): Promise<PGlite> {
  sharedPglite ??= (async () => {
    const client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: migratedSnapshot() });
    await client.waitReady;
    return client;
  })();
  return sharedPglite;
}

let snapshot: Blob | undefined;
/** The run's migrated PGlite data directory (testing/global-setup.ts), read once per worker. */
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
