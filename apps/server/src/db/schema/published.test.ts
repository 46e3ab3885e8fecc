import { sql } from 'drizzle-orm';
import { getTableConfig, getViewConfig, type PgTable, type PgView } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { tradeDirectory, uploadDirectory, userDirectory } from './published.ts';
import { transactions } from './transactions.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Column name -> data type of a relation, as PostgreSQL describes it. */
async function columnsOf(relation: string): Promise<Map<string, string>> {
  const result = (await app.deps.db.execute(
    sql`select column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name = ${relation}`,
  )) as unknown as { rows: { column_name: string; data_type: string }[] };
  return new Map(result.rows.map((row) => [row.column_name, row.data_type]));
}

const published: [PgView, PgTable][] = [
  [userDirectory, users],
  [tradeDirectory, transactions],
  [uploadDirectory, uploads],
];

describe.each(published.map(([view, table]) => ({ view, table, name: getViewConfig(view).name })))(
  'published view $name',
  ({ view, table }) => {
    it("exists with exactly the declared columns, each of its table column's type", async () => {
      const viewConfig = getViewConfig(view);
      const tableName = getTableConfig(table).name;
      // The app's casing is snake_case (db/client.ts): a declared key firstName is the column first_name.
      const declared = Object.keys(viewConfig.selectedFields).map((key) =>
        key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      );
      const inView = await columnsOf(viewConfig.name);
      const inTable = await columnsOf(tableName);
      expect([...inView.keys()].sort()).toEqual([...declared].sort());
      for (const column of declared) {
        expect(inTable.get(column), `${tableName}.${column}`).toBeDefined();
        expect(inView.get(column), `${viewConfig.name}.${column}`).toBe(inTable.get(column));
      }
    });

    it('leaves out what only the owner may read', async () => {
      const inView = await columnsOf(getViewConfig(view).name);
      for (const secret of ['password_hash', 'storage_key', 'sha256', 'suspension_reason']) {
        expect(inView.has(secret)).toBe(false);
      }
    });
  },
);
