import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { readCacheOf, type ReadCache } from './read-cache.ts';

/** The rules of the embedded read cache on a real PGlite (the write paths: read-cache.writes.test.ts). */
let database: Database;
let cache: ReadCache;
const PURE = 'select count(*)::int as n from read_cache_probe';

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null } as never);
  cache = readCacheOf(database.db)!;
  await database.db.execute(sql`create table read_cache_probe (n int)`);
  cache.pureRead(PURE);
});
afterAll(() => database.close());

const count = async () =>
  ((await database.db.execute(sql.raw(PURE))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
let loads = 0;
const cachedCount = () =>
  cache.read('probe', async () => {
    loads += 1;
    return { n: await count() };
  });

describe('the embedded read cache', () => {
  it('serves a declared pure read again without asking the database', async () => {
    await database.db.execute(sql`delete from read_cache_probe`);
    loads = 0;
    const epoch = cache.stats.epoch;
    expect(await cachedCount()).toEqual({ n: 0 });
    expect(await cachedCount()).toEqual({ n: 0 });
    expect(loads).toBe(1);
    expect(cache.stats.epoch).toBe(epoch);
  });

  it.each([
    ['an INSERT', () => database.db.execute(sql`insert into read_cache_probe values (1)`)],
    ['a SELECT not declared pure', () => database.db.execute(sql`select 1`)],
    [
      'a database transaction',
      () =>
        database.db.transaction(
          async (tx) => void (await tx.execute(sql`insert into read_cache_probe values (2)`)),
        ),
    ],
  ])('drops every answer on %s', async (_name, write) => {
    await cachedCount();
    await write();
    loads = 0;
    expect(await cachedCount()).toEqual({ n: await count() });
    expect(loads).toBe(1);
  });

  it('does not keep an answer read while a write ran', async () => {
    const stale = await cache.read('during-write', async () => {
      const n = await count();
      await database.db.execute(sql`insert into read_cache_probe values (3)`);
      return { n };
    });
    const fresh = await cache.read('during-write', async () => ({ n: await count() }));
    expect(fresh).toEqual({ n: stale.n + 1 });
  });

  it('hands out frozen answers: no caller can change what others are served', async () => {
    const answer = await cachedCount();
    expect(() => {
      (answer as { n: number }).n = 99;
    }).toThrow(TypeError);
  });

  it('keeps at most its bound of answers', async () => {
    const { createReadCache } = await import('./read-cache.ts');
    const small = createReadCache(2);
    for (const key of ['a', 'b', 'c']) await small.read(key, async () => key);
    expect(small.stats.size).toBe(2);
  });
});
