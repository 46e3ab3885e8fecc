import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppConfig } from '../config/env.ts';
import { keepRowDescriptions } from './described-statements.ts';
import { createPreparedReads } from './pglite-prepared.ts';
import { withoutDrizzleParsers } from './pglite-parsers.ts';
import { attachReadCache, createReadCache, trackWrites } from './read-cache.ts';
import { traceClientQueries, tracePoolCallbacks, traceQueries } from './traced-queries.ts';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A database transaction; functions that write several rows take this, never the global db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

const rootDbs = new WeakSet<object>();
/** True for the application's database handle (not a transaction): prepared statements live on it. */
export function isRootDb(db: DbOrTx): db is Db {
  return rootDbs.has(db);
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: a consistent gzipped tarball of the data directory, taken while the server runs. */
  dump?: () => Promise<Blob>;
  /**
   * PostgreSQL only: the pool's connections now (the db_pool_* metrics). PGlite has no pool: one
   * in-process connection that queues statements internally, with nothing to count.
   */
  poolStats?: () => PoolStats;
};
export type PoolStats = { total: number; idle: number; waiting: number };

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

// Any fixed 64-bit number, the same in every instance of this app.
const MIGRATION_LOCK_KEY = 7_245_531_170_021;

/**
 * Applies the migrations while holding a PostgreSQL advisory lock on one connection. Drizzle's migrator
 * takes no lock, so instances starting together on a new database would each apply the same migrations
 * and all but one would fail. With the lock they queue, and the later ones find nothing left to do.
 */
async function migrateUnderLock(pool: ReleaseOnLossPool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * Drizzle's node-postgres `transaction()` (0.45) sends BEGIN before entering its try/finally, so when the
 * connection is lost while BEGIN is in flight the client is never released. Each such loss kept a pooled
 * connection checked out for good; once all were, every request answered 503 until a restart, and
 * shutdown waited for them forever (db/client.pg.test.ts reproduces it). So a client checked out here is
 * handed back the moment its connection is lost (the pool discards it, as it does any broken client), and
 * the holder's own later release does nothing; its queries on that client fail already.
 */
class ReleaseOnLossPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is pg-pool's own (pool.query), which always releases.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedOnLoss);
  }
}

function releasedOnLoss(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', releaseOnce);
    release(error);
  };
  client.on('error', releaseOnce);
  client.release = releaseOnce;
  return client;
}

export type OpenOptions = {
  /** Told when PostgreSQL drops an idle pooled connection (restart, failover, an administrator). */
  onConnectionLost?: (error: Error) => void;
  /** Statements get spans (db/traced-queries.ts): only when tracing is on, the query path is untouched else. */
  traced?: boolean;
  /**
   * In-memory PGlite only: start from this dump of a data directory already migrated (the test kit's,
   * `testing/global-setup.ts`), so a test database costs a load instead of an initdb and every migration.
   * Migrations still run after it: any the dump lacks are applied.
   */
  startFrom?: Blob;
  /**
   * PGlite only: run on this instance, already open and migrated (a test worker's, `testing/test-app.ts`),
   * instead of opening one; closing the database leaves it open.
   */
  pglite?: PGlite;
};

/** Named statements live in the PGlite session: apps opened on one instance share its reads. */
const preparedReadsByClient = new WeakMap<PGlite, ReturnType<typeof createPreparedReads>>();
function preparedReadsOf(client: PGlite) {
  let reads = preparedReadsByClient.get(client);
  if (!reads) preparedReadsByClient.set(client, (reads = createPreparedReads(client)));
  return reads;
}

/** pg_trgm backs the transactions list's search indexes (migration 0004). */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } };

/** Opens PGlite (embedded default) or PostgreSQL and applies the committed migrations. */
export async function openDatabase(
  config: AppConfig['database'],
  options: OpenOptions = {},
): Promise<Database> {
  if (config.kind === 'postgres') {
    // A connection that cannot be opened in 3 s fails (a 503 for the request) instead of hanging it.
    const pool = new ReleaseOnLossPool({
      connectionString: config.url,
      max: config.poolMax,
      connectionTimeoutMillis: 3000,
    });
    // Without a listener, an idle connection dropped by the server is an unhandled 'error' event that
    // ends the process. The pool discards that connection and opens a new one when next needed.
    const connectionLost = (error: Error) => {
      if (options.onConnectionLost) options.onConnectionLost(error);
      else console.error(`database connection lost (the pool reconnects): ${error.message}`);
    };
    pool.on('error', connectionLost);
    // pg-pool listens for errors only on idle clients: it removes that listener while a client is checked
    // out (a transaction, a query). A connection dropped then (a restart, a failover,
    // pg_terminate_backend) would be an unheard 'error' event on the client, which ends the process. This
    // listener stays for the client's life and only reports: the query in flight rejects on its own (its
    // request gets a 503) and the pool discards the broken client when it is released. Idle clients are
    // reported through the pool's 'error' above.
    const checkedOut = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (checkedOut.has(client)) connectionLost(error);
      });
      // Named statements skip the Describe of every execution (db/described-statements.ts).
      keepRowDescriptions(client);
      if (options.traced) traceClientQueries(client);
    });
    if (options.traced) tracePoolCallbacks(pool);
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const db = drizzlePg(pool, { casing: 'snake_case' });
    rootDbs.add(db);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client =
    options.pglite ??
    (config.dataDir
      ? new PGlite(config.dataDir, PGLITE_OPTIONS)
      : new PGlite({ ...PGLITE_OPTIONS, loadDataDir: options.startFrom }));
  // This process is PGlite's only writer, so hot reads can be cached exactly (db/read-cache.ts).
  const readCache = createReadCache();
  // The declared pure reads run as named prepared statements: parsed and planned once, not per request.
  const reads = preparedReadsOf(client);
  const tracked = trackWrites(await withoutDrizzleParsers(client), readCache, reads.query);
  const db = drizzlePglite({
    client: options.traced ? traceQueries(tracked) : tracked,
    casing: 'snake_case',
  });
  await migratePglite(db, { migrationsFolder });
  rootDbs.add(db);
  attachReadCache(db, readCache);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: options.pglite ? async () => {} : () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}
