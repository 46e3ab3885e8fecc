import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { listStatements } from '../src/modules/transactions/transactions.list.ts';
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/escrow_probe_search' });
await client.connect();
const db = drizzle(client);
const userId = '01a2291d-b41b-7183-a858-371d1056dc0e';
const { sql: text, params } = new PgDialect().sqlToQuery(listStatements(db as never, { userId, page: 1, limit: 20, q: 'gramophone' }).page);
await client.query(`prepare g as ${text}`);
await client.query('set plan_cache_mode = force_generic_plan');
for (const q of ['gramophone', 'laptop']) {
  const args = params.map((p) => (typeof p === 'number' ? p : `'${String(p).replace('gramophone', q)}'`)).join(',');
  const r = await client.query(`explain (analyze, buffers) execute g(${args})`);
  console.log('==', q); console.log(r.rows.map((x: any) => x['QUERY PLAN']).filter((l: string) => /Scan|Execution|Planning|^[A-Z]|rows=/.test(l)).slice(0, 40).map((l: string) => l.slice(0, 150)).join('\n'));
}
await client.query('set plan_cache_mode = force_custom_plan');
const args = params.map((p) => (typeof p === 'number' ? p : `'${p}'`)).join(',');
const r = await client.query(`explain execute g(${args})`);
console.log('custom top:', r.rows[0]['QUERY PLAN']);
await client.end();
