import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { listStatements } from '../src/modules/transactions/transactions.list.ts';
const db = drizzle.mock();
const dialect = new PgDialect();
const userId = '01a2291d-b41b-7183-a858-371d1056dc0e';
for (let round = 0; round < 3; round++) {
  const n = 5000;
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const st = listStatements(db as never, { userId, page: 1, limit: 20, q: 'gramophone' });
    dialect.sqlToQuery(st.page);
  }
  const d = process.cpuUsage(t0);
  console.log(`build+sqlToQuery: ${((d.user + d.system) / n).toFixed(1)} us`);
}
