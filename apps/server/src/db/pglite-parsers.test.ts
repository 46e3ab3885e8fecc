import { PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withoutDrizzleParsers } from './pglite-parsers.ts';

/**
 * A client opened with PGLITE_TEXT_PARSERS and wrapped by withoutDrizzleParsers answers drizzle exactly
 * as a plain client does, without drizzle's parsers reaching PGlite (whose per-call merge was the cost).
 */
let plain: PGlite;
let slim: PGlite;
let client: PGlite;
const PROBE = sql`select now() as at, '2020-01-02'::date as day, interval '1 day' as span,
  array['2020-01-02'::date] as days, array[1.5::numeric] as amounts, 12345678901234::bigint as big,
  true as yes, '{"a":1}'::jsonb as doc, ${'text'}::text as word`;

beforeAll(async () => {
  plain = new PGlite();
  slim = new PGlite();
  client = await withoutDrizzleParsers(slim);
});
afterAll(async () => {
  await plain.close();
  await slim.close();
});

/** The same rows, but `at` (the clock) compared by shape: two clients read now() at different times. */
const comparable = (rows: Record<string, unknown>[]) => rows.map((row) => ({ ...row, at: typeof row.at }));

describe('PGlite without drizzle parsers on every call', () => {
  it('answers drizzle as a plain client does, outside and inside transactions', async () => {
    const db = { plain: drizzle({ client: plain }), slim: drizzle({ client }) };
    const expected = (await db.plain.execute(PROBE)).rows;
    expect(comparable((await db.slim.execute(PROBE)).rows)).toEqual(comparable(expected));
    const inTransaction = await db.slim.transaction(async (tx) => (await tx.execute(PROBE)).rows);
    expect(comparable(inTransaction)).toEqual(comparable(expected));
    expect(typeof expected[0]!.at).toBe('string');
  });

  it("drops drizzle's parsers from query calls and keeps any other caller's", async () => {
    const query = vi.spyOn(slim, 'query');
    const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    const other = { parsers: { [types.TIMESTAMPTZ]: (v: string) => `at ${v}` } };
    await client.query('select now() as at', [], drizzleLike);
    expect(query.mock.lastCall?.[2]).toEqual({ rowMode: 'array', parsers: undefined });
    const { rows } = await client.query<{ at: string }>('select now() as at', [], other);
    expect(query.mock.lastCall?.[2]).toBe(other);
    expect(rows[0]!.at).toMatch(/^at \d{4}-/);
    await client.transaction(async (tx) => {
      const inner = vi.spyOn(tx, 'query');
      await tx.query('select 1', [], drizzleLike);
      expect(inner.mock.lastCall?.[2]).toEqual({ rowMode: 'array', parsers: undefined });
    });
    query.mockRestore();
  });
});
