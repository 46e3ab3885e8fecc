import { randomUUID } from 'node:crypto';
import { eq, getTableName, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../testing/test-app.ts';
import { compileRowMapper, withCompiledRowMapper } from './compiled-row-mapper.ts';

/**
 * The compiled mapper builds the objects drizzle builds, on the engine the suite runs on (PGlite, or
 * PostgreSQL in the service suite): values of every kind, NULLs, nested groups, a subquery's columns, a
 * left join with and without its row, a mapped SQL expression, and the keys in drizzle's order.
 */
const suffix = randomUUID().slice(0, 8);
const items = pgTable(`crm_items_${suffix}`, {
  id: integer().primaryKey(),
  label: text(),
  amount: bigint({ mode: 'number' }),
  price: numeric({ precision: 20, scale: 2 }),
  paid: boolean(),
  at: timestamp({ withTimezone: true, mode: 'string' }),
  createdAt: timestamp({ withTimezone: true }),
  ref: uuid(),
  meta: jsonb(),
  ownerId: integer(),
});
const owners = pgTable(`crm_owners_${suffix}`, { id: integer().primaryKey(), name: text(), note: text() });
const notes = pgTable(`crm_notes_${suffix}`, {
  itemId: integer(),
  body: text(),
  kind: text(),
});

describe('compiled row mapper', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
    const { db } = app.deps;
    await db.execute(
      sql.raw(`create table ${getTableName(items)} (id integer primary key, label text, amount bigint,
        price numeric(20, 2), paid boolean, at timestamptz, created_at timestamptz, ref uuid, meta jsonb,
        owner_id integer)`),
    );
    await db.execute(
      sql.raw(`create table ${getTableName(owners)} (id integer primary key, name text, note text)`),
    );
    await db.execute(sql.raw(`create table ${getTableName(notes)} (item_id integer, body text, kind text)`));
    await db.insert(owners).values([
      { id: 1, name: 'Tunde', note: null },
      { id: 2, name: null, note: 'no name' },
    ]);
    await db.insert(items).values([
      {
        id: 1,
        label: 'Samsung A54',
        amount: 28_500_050,
        price: '285000.50',
        paid: true,
        at: '2026-11-29 10:00:00+01',
        createdAt: new Date('2026-11-29T09:00:00.000Z'),
        ref: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
        meta: { k: [1, 'ɓ'] },
        ownerId: 1,
      },
      { id: 2, ownerId: 2 },
      { id: 3, label: 'No owner', ownerId: 99 },
    ]);
    await db.insert(notes).values([
      { itemId: 1, body: 'first', kind: null },
      { itemId: 2, body: null, kind: 'empty body' },
    ]);
  });
  afterAll(async () => {
    for (const table of [items, owners, notes])
      await app.deps.db.execute(sql.raw(`drop table if exists ${getTableName(table)}`));
    await app.close();
  });

  function selectAll() {
    const { db } = app.deps;
    const owner = db.select({ id: owners.id, name: owners.name }).from(owners).as('owner');
    return db
      .select({
        row: items,
        label: items.label,
        owner: { id: owner.id, name: owner.name },
        note: { body: notes.body, kind: notes.kind },
        upper: sql<string>`upper(${items.label})`.mapWith((value: string) => `«${value}»`),
      })
      .from(items)
      .leftJoin(owner, eq(owner.id, items.ownerId))
      .leftJoin(notes, eq(notes.itemId, items.id))
      .where(sql`${items.id} >= ${sql.placeholder('from')}`)
      .orderBy(items.id);
  }

  it('maps every row as drizzle does, keys in the same order', async () => {
    const plain = await selectAll().prepare(`crm_plain_${suffix}`).execute({ from: 0 });
    const compiled = await withCompiledRowMapper(selectAll().prepare(`crm_compiled_${suffix}`)).execute({
      from: 0,
    });
    expect(plain).toHaveLength(3);
    expect(compiled).toEqual(plain);
    expect(JSON.stringify(compiled)).toBe(JSON.stringify(plain));
    // The cases the comparison covers: a joined row, a missing one (null object), a mapped expression.
    expect(plain[0]).toMatchObject({ note: { body: 'first', kind: null }, upper: '«SAMSUNG A54»' });
    // drizzle decides a left-joined object from its first column: a note without a body reads as none.
    expect(plain[1]!.note).toBeNull();
    expect(plain[2]).toMatchObject({ owner: null, note: null });
    expect(plain[0]!.row.createdAt).toBeInstanceOf(Date);
  });

  it('is the mapper drizzle uses for the prepared statement', async () => {
    const prepared = withCompiledRowMapper(selectAll().prepare(`crm_used_${suffix}`));
    const internals = prepared as unknown as { customResultMapper: (rows: unknown[][]) => unknown };
    const compiled = internals.customResultMapper;
    let calls = 0;
    internals.customResultMapper = (rows) => {
      calls += 1;
      return compiled(rows);
    };
    expect(await prepared.execute({ from: 2 })).toHaveLength(2);
    expect(calls).toBe(1);
    expect(() => withCompiledRowMapper(prepared)).toThrow('not a drizzle 0.45 prepared select');
  });

  it('refuses a selection nested deeper than drizzle maps flat', () => {
    expect(() => compileRowMapper([{ path: ['a', 'b', 'c'], field: items.id }], undefined)).toThrow(
      'nested deeper than two',
    );
  });
});
