import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { FaultProxy } from '../testing/simulation/db-proxy.ts';
import { migrationsFolder, openDatabase, type Database } from './client.ts';

/**
 * Several instances starting at once on a new PostgreSQL database (service suite only): all of them
 * start, and each migration is applied once.
 */
describe.runIf(Boolean(inject('databaseUrl')))('migrations on a new PostgreSQL database', () => {
  const shared = new URL(inject('databaseUrl') || 'postgres://unused/none');
  const name = `${shared.pathname.slice(1)}_migrate`;
  const own = new URL(shared);
  own.pathname = `/${name}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: shared.toString() });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  beforeAll(() => admin(`create database ${name}`));
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('starts four instances together, and each migration is applied exactly once', async () => {
    const opened: Database[] = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url: own.toString(), poolMax: 2 })),
    );
    try {
      const client = new pg.Client({ connectionString: own.toString() });
      await client.connect();
      const applied = await client
        .query('select hash from drizzle.__drizzle_migrations')
        .finally(() => client.end());
      expect(applied.rows).toHaveLength(readMigrationFiles({ migrationsFolder }).length);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  });

  it('survives PostgreSQL dropping its idle connections, and reconnects', async () => {
    const lost: Error[] = [];
    const database = await openDatabase(
      { kind: 'postgres', url: own.toString(), poolMax: 2 },
      { onConnectionLost: (error) => lost.push(error) },
    );
    try {
      await database.db.execute(sql`select 1`);
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lost.length).toBeGreaterThan(0);
      const result = (await database.db.execute(sql`select 2 as two`)) as unknown as {
        rows: { two: number }[];
      };
      expect(result.rows[0]?.two).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('survives PostgreSQL dropping connections that transactions hold, and serves again', async () => {
    const lost: Error[] = [];
    const database = await openDatabase(
      { kind: 'postgres', url: own.toString(), poolMax: 4 },
      { onConnectionLost: (error) => lost.push(error) },
    );
    try {
      let holding = 0;
      // One transaction waits inside a statement, one between statements (idle in transaction).
      const outcome = (work: Promise<unknown>) =>
        work.then(
          () => null,
          (error: unknown) => error,
        );
      const inStatement = outcome(
        database.db.transaction(async (tx) => {
          holding += 1;
          await tx.execute(sql`select pg_sleep(5)`);
        }),
      );
      const betweenStatements = outcome(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding += 1;
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await tx.execute(sql`select 2`);
        }),
      );
      while (holding < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      // Both fail as a lost connection (the error handler's 503), not as an unheard 'error' event.
      expect(await inStatement).toBeInstanceOf(Error);
      expect(await betweenStatements).toBeInstanceOf(Error);
      expect(lost.length).toBeGreaterThanOrEqual(2);
      const result = (await database.db.execute(sql`select 3 as three`)) as unknown as {
        rows: { three: number }[];
      };
      expect(result.rows[0]?.three).toBe(3);
    } finally {
      await database.close();
    }
  });

  it('gives the pool back a connection lost while a transaction was starting', async () => {
    // Seen in the fault simulation: connections lost during BEGIN stayed checked out for good, and once
    // the pool was exhausted every request answered 503 until a restart.
    const proxy = new FaultProxy({ host: own.hostname, port: Number(own.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(own);
    viaProxy.port = String(proxy.port);
    const database = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), poolMax: 2 });
    try {
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const twoTransactions = () =>
        [1, 2].map(() =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await pause(50);
          }),
        );
      await Promise.all(twoTransactions());
      proxy.hold();
      const starting = twoTransactions().map((work) =>
        work.then(
          () => null,
          (error: unknown) => error,
        ),
      );
      await pause(200);
      await proxy.cut();
      for (const outcome of starting) expect(await outcome).toBeInstanceOf(Error);
      await proxy.restore();
      // Both pooled connections must be free again: with one leaked, this waits for the 3 s connect timeout.
      const results = await Promise.all(
        twoTransactions().map((work) =>
          work.then(
            () => 'ok',
            (error: Error) => error.message,
          ),
        ),
      );
      expect(results).toEqual(['ok', 'ok']);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
