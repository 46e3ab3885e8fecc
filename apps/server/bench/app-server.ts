/**
 * The app's server process (started by run.ts): the real app as in production (NODE_ENV=production,
 * request logging at info on standard output, which run.ts points at /dev/null; helmet on), on a
 * database seeded by seed.ts. The timed-jobs scheduler is off so that only the load uses CPU.
 * BENCH_APP_DATABASE_URL: PostgreSQL database to use (already created); empty for in-memory PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { isMain, serveParent } from './child.ts';
import { seed } from './seed.ts';

export type AppInfo = {
  port: number;
  token: string;
  transactionIds: string[];
  seedSeconds: number;
  poolMax: number | null;
};

/** The app's configuration in the bench (the parent reads the pool size from it too). */
export function benchAppConfig(databaseUrl: string | null, dataDir: string): AppConfig {
  return loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      // Instances on one PostgreSQL must share it (DATABASE_URL makes it required).
      IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      SCHEDULER_ENABLED: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { memoryDatabase: true },
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-bench-'));
  const config = benchAppConfig(process.env.BENCH_APP_DATABASE_URL || null, dataDir);
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database });
  await app.ready();
  const started = performance.now();
  const seeded = await seed(database.db);
  const seedSeconds = (performance.now() - started) / 1000;
  const { token } = await app.tokens.issue(seeded.userId);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const info: AppInfo = {
    port: Number(new URL(address).port),
    token,
    transactionIds: seeded.transactionIds,
    seedSeconds,
    poolMax: config.database.kind === 'postgres' ? config.database.poolMax : null,
  };
  serveParent(info, async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

if (isMain(import.meta.url)) await main();
