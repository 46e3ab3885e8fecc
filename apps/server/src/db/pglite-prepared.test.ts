import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createPreparedReads } from './pglite-prepared.ts';
import { readCacheOf } from './read-cache.ts';

/** PGlite's hot reads as named prepared statements (db/pglite-prepared.ts) answer exactly as `query`. */
let client: PGlite;
let reads: ReturnType<typeof createPreparedReads>;
const READ = `select id, name, amount, paid, created_at, tags, note from prepared_probe
  where id >= $1 and ($2::text is null or name = $2) order by id`;
const statementsNamed = async (text: string) =>
  (
    await client.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [text],
    )
  ).rows[0]!.n;

beforeAll(async () => {
  client = new PGlite();
  reads = createPreparedReads(client);
  await client.exec(`create table prepared_probe (id int primary key, name text, amount numeric(20),
      paid boolean, created_at timestamptz, tags text[], note text);
    insert into prepared_probe values
      (1, 'Ada', 12345678901234567890, true, '2026-01-02T03:04:05.678Z', '{a,b}', null),
      (2, 'Bola', 0, false, '2026-02-03T04:05:06Z', '{}', 'second'),
      (3, 'Chidi', 7, null, null, null, 'third');`);
});
afterAll(() => client.close());

describe('PGlite reads as named prepared statements', () => {
  // Drizzle's options: array rows, dates and numerics left as text.
  const drizzleOptions = {
    rowMode: 'array' as const,
    parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
  };

  it.each([
    ['object rows, default parsers', [1, null], undefined],
    ['array rows, drizzle parsers', [2, null], drizzleOptions],
    ['a text parameter', [1, 'Chidi'], drizzleOptions],
    ['no row', [9, null], drizzleOptions],
  ])('answers what query answers: %s', async (_name, params, options) => {
    const expected = await client.query(READ, params, options);
    const answer = await reads.query(READ, params, options);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.fields).toEqual(expected.fields);
    expect(answer.rowCount).toBe(expected.rowCount);
  });

  it("applies each caller's own parsers, run after run (they are merged once per parsers object)", async () => {
    const tagged = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => `at ${v}` } };
    for (const options of [drizzleOptions, tagged, drizzleOptions, tagged, undefined]) {
      const expected = await client.query(READ, [1, null], options);
      expect((await reads.query(READ, [1, null], options)).rows).toEqual(expected.rows);
    }
    const [row] = (await reads.query<unknown[]>(READ, [1, null], tagged)).rows;
    expect(row).toContain('at 2026-01-02 03:04:05.678+00');
  });

  it('parses a statement once, under one name, however often it runs', async () => {
    const text = 'select count(*)::int as n from prepared_probe where id > $1';
    for (const after of [0, 1, 2]) await reads.query(text, [after]);
    expect(await statementsNamed(text)).toBe(1);
    expect((await reads.query<{ n: number }>(text, [1])).rows).toEqual([{ n: 2 }]);
  });

  it('rejects a failing run with the database error and keeps working', async () => {
    await expect(reads.query(READ, ['not a number', null])).rejects.toThrow(/invalid input syntax/);
    expect((await reads.query(READ, [3, null])).rows).toHaveLength(1);
  });

  it('waits for an open transaction instead of reading inside it', async () => {
    let read: Promise<unknown> | undefined;
    await client
      .transaction(async (tx) => {
        await tx.query(`insert into prepared_probe (id, name) values (10, 'uncommitted')`);
        read = reads.query(READ, [10, null]);
        const settled = await Promise.race([
          read.then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), 50)),
        ]);
        expect(settled).toBe(false);
        await tx.rollback();
      })
      .catch(() => undefined);
    expect(((await read) as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('the embedded database', () => {
  it('runs its declared pure reads as named prepared statements', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null } as never);
    try {
      const text = 'select 41 + 1 as answer';
      readCacheOf(database.db)!.pureRead(text);
      const { rows } = (await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] };
      expect(rows).toEqual([{ answer: 42 }]);
      const named = (await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
      )) as unknown as { rows: { n: number }[] };
      expect(named.rows[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});
