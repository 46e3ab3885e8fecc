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
 * them once per connection; on PGlite they run as the named statements of db/pglite-prepared.ts. Seen
 * from the database: pg_prepared_statements of the session.
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
});
