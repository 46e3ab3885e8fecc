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
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { readCacheOf } from '../src/db/read-cache.ts';
import { findTransactionRecord } from '../src/modules/transactions/transactions.repository.ts';
import { walletSummary } from '../src/modules/wallet/index.ts';
import { hello200 } from './bare-server.ts';
import { isMain, serveParent } from './child.ts';
import { seed } from './seed.ts';

export type AppInfo = {
  port: number;
  token: string;
  /** The ids the `{id}` row reads in turn, and the one id of the one-id row. */
  transactionIds: string[];
  cachedId: string;
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

/** The reference rows' routes, added to the app in the bench only. */
export const REFERENCE_PATHS = {
  authOnly: '/api/bench/authenticated',
  authSelect1: '/api/bench/authenticated-select-1',
  /** Followed by a transaction id, cycled as the `{id}` row does. */
  authRecord: '/api/bench/authenticated-record',
  authWallet: '/api/bench/authenticated-wallet',
} as const;

/**
 * Two routes that split a read's cost: the bearer check, request log, security headers and hooks that
 * every authenticated request pays, answering the bare baseline's 200-byte JSON from memory (the most
 * any authenticated read could do, even with every answer cached); and the same plus one `SELECT 1`
 * through the app's own pool and driver (the floor of an authenticated read that touches the database);
 * and the same with `{id}`'s own read instead of `SELECT 1` (the transaction's record, 54 columns, read,
 * decoded and mapped as `{id}` does), still answering the 200-byte JSON: the floor of `{id}` itself, which
 * adds only the member check, the view and its serialization; and the same with the wallet's own read
 * (its summary statement and the figures built from it, as `/api/wallet` does), not serialized.
 */
function addReferenceRoutes(app: FastifyInstance, database: Database) {
  const body = hello200();
  app.get(REFERENCE_PATHS.authOnly, { preHandler: app.authenticate }, async () => body);
  app.get(REFERENCE_PATHS.authSelect1, { preHandler: app.authenticate }, async () => {
    await database.db.execute(sql`select 1`);
    return body;
  });
  app.get<{ Params: { id: string } }>(
    `${REFERENCE_PATHS.authRecord}/:id`,
    { preHandler: app.authenticate },
    async (request) => {
      if (!(await findTransactionRecord(database.db, request.params.id))) throw new Error('no such record');
      return body;
    },
  );
  app.get(REFERENCE_PATHS.authWallet, { preHandler: app.authenticate }, async (request) => {
    await walletSummary(app.deps, request.user!);
    return body;
  });
}

/**
 * The embedded database's read cache (db/read-cache.ts) keeps each transaction record until the next
 * write, and the 10,000 seeded records fit in it: after one pass over the ids every `{id}` request would
 * be a cache hit, and the row's figure would depend on its length. So the `{id}` row empties the cache
 * before each request (every read answered by the database: writes came between reads, as in real use)
 * and the one-id row reads the first id without emptying it (a reload with no write since).
 */
function missEveryRecordRead(app: FastifyInstance, database: Database, cachedId: string) {
  const cache = readCacheOf(database.db);
  if (!cache) return;
  const cachedPath = `/api/transactions/${cachedId}`;
  app.addHook('onRequest', async (request) => {
    if (request.url !== cachedPath && /^\/api\/transactions\/[0-9a-f-]{36}$/.test(request.url)) cache.bump();
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-bench-'));
  const config = benchAppConfig(process.env.BENCH_APP_DATABASE_URL || null, dataDir);
  const database = await openDatabase(config.database);
  const started = performance.now();
  const seeded = await seed(database.db);
  const seedSeconds = (performance.now() - started) / 1000;
  const [cachedId, ...cycledIds] = seeded.transactionIds;
  const app = await buildApp({ config, database });
  addReferenceRoutes(app, database);
  missEveryRecordRead(app, database, cachedId!);
  await app.ready();
  const { token } = await app.tokens.issue(seeded.userId);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const info: AppInfo = {
    port: Number(new URL(address).port),
    token,
    transactionIds: cycledIds,
    cachedId: cachedId!,
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
