import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  listStatementNames,
  listStatements,
  listTransactionItems,
  type ListFilter,
} from './transactions.list.ts';

/**
 * The list's statements without a search term are named prepared statements, built with drizzle's
 * public query builder (`.prepare(name)`), one per shape and database handle: PostgreSQL parses and plans
 * them once per connection; on PGlite they run as the named statements of db/pglite-prepared.ts. A
 * search's statements are built once per shape too, but run unnamed (planned for each term). Seen from the
 * database: pg_prepared_statements of the session.
 */
const dialect = new PgDialect();

async function preparedStatements(db: Db) {
  const { rows } = (await db.execute(sql`select name, statement from pg_prepared_statements`)) as unknown as {
    rows: { name: string; statement: string }[];
  };
  return rows;
}

// Page 2 of a list with no rows: the page holds nothing and is not the first, so the count runs too.
const filterOf = (userId: string, extra: Partial<ListFilter> = {}): ListFilter => ({
  userId,
  page: 2,
  limit: 20,
  ...extra,
});

describe('transactions list statements', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('runs the page and the count as named prepared statements, one pair per shape', async () => {
    const url = inject('databaseUrl');
    // PostgreSQL: one connection of its own, so that pg_prepared_statements is the list's session.
    const database = url ? await openDatabase({ kind: 'postgres', url, poolMax: 1 }) : null;
    const db = database?.db ?? app.deps.db;
    try {
      const userId = randomUUID();
      const shapes = [{}, { status: 'ACTIVE' as const }, { role: 'SELLER' as const }];
      for (const extra of [...shapes, {}]) {
        const answer = await listTransactionItems(db, filterOf(userId, extra));
        expect(answer).toMatchObject({ transactions: [], total: 0, hasMore: false });
      }
      const rows = await preparedStatements(db);
      for (const shape of shapes) {
        const statements = listStatements(db, filterOf(userId, shape));
        const names = listStatementNames(shape);
        const texts = [dialect.sqlToQuery(statements.page).sql, dialect.sqlToQuery(statements.count).sql];
        if (database) {
          // Under the list's own names, with exactly the SQL the growth test EXPLAINs.
          expect(rows.find((r) => r.name === names.page)?.statement).toBe(texts[0]);
          expect(rows.find((r) => r.name === names.count)?.statement).toBe(texts[1]);
        } else {
          // PGlite names its prepared reads itself (db/pglite-prepared.ts).
          for (const text of texts) expect(rows.map((r) => r.statement)).toContain(text);
        }
      }
      if (database)
        expect(rows.filter((r) => r.name.startsWith('transactions_list_'))).toHaveLength(2 * shapes.length);
    } finally {
      await database?.close();
    }
  });

  it('runs a search unnamed, so that each term gets its own plan, with the SQL the growth test EXPLAINs', async () => {
    const url = inject('databaseUrl');
    const database = url ? await openDatabase({ kind: 'postgres', url, poolMax: 1 }) : null;
    const db = database?.db ?? app.deps.db;
    try {
      const userId = randomUUID();
      const searches: Partial<ListFilter>[] = [
        { q: 'gramophone' },
        { q: 'ab', status: 'ACTIVE' },
        { q: '#0123abcd', role: 'BUYER' },
      ];
      // Each twice and past the page's end (page 2), so that the count runs too.
      for (const extra of [...searches, ...searches]) {
        const answer = await listTransactionItems(db, filterOf(userId, extra));
        expect(answer).toMatchObject({ transactions: [], total: 0, hasMore: false });
        expect(listStatementNames(extra)).toEqual({ page: '', count: '' });
      }
      const texts = searches.flatMap((extra) => {
        const statements = listStatements(db, filterOf(userId, extra));
        return [dialect.sqlToQuery(statements.page).sql, dialect.sqlToQuery(statements.count).sql];
      });
      expect(texts.every((text) => text.includes('ilike'))).toBe(true);
      const prepared = (await preparedStatements(db)).map((r) => r.statement);
      for (const text of texts) expect(prepared).not.toContain(text);
      expect(prepared.filter((text) => text.includes('ilike'))).toEqual([]);
    } finally {
      await database?.close();
    }
  });
});
