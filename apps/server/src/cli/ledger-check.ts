/**
 * Reconciles the ledger and prints the report; exit code 0 when it passes, 1 when it fails, 2 when
 * it could not run.
 *   npm run ledger:check                      # asks the running server (default http://localhost:3000)
 *   npm run ledger:check -- --url https://escrow.example.ng --email admin@… --password …
 *   DATABASE_URL=postgres://… npm run ledger:check   # reads PostgreSQL directly
 * With the embedded database (PGlite allows one process) the check goes through the running server's
 * GET /api/admin/ledger/check, signed in as staff: --email/--password, else ADMIN_EMAIL/ADMIN_PASSWORD,
 * else the demo admin of the seeded demo data.
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { LedgerCheckReport } from '@escrow/shared/schemas/wallet';
import { ConfigError, loadConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { checkLedger } from '../modules/ledger/index.ts';
import { api, signIn, staffCredentials } from './server-api.ts';

function print(report: LedgerCheckReport, source: string) {
  console.log(`Ledger check (${source}) at ${report.checkedAt}`);
  console.log(
    `  ${report.entries} entries, ${report.postings} postings, ${report.accounts} accounts, ${report.heldEscrows} escrow holds open`,
  );
  if (report.ok) console.log('  OK: every entry balances, balances match postings, escrow matches holds');
  else {
    console.log(`  FAILED: ${report.problems.length} problem(s)`);
    for (const p of report.problems) console.log(`  - ${p.kind} ${p.subject}: ${p.detail}`);
  }
}

async function checkDatabase(url: string): Promise<LedgerCheckReport> {
  // Read-only use of an already migrated database: no migrations here.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await checkLedger(drizzle(pool, { casing: 'snake_case' }) as unknown as Db);
  } finally {
    await pool.end();
  }
}

async function checkThroughServer(base: string, email: string, password: string): Promise<LedgerCheckReport> {
  const token = await signIn(base, email, password);
  const { report } = await api<{ report: LedgerCheckReport }>(`${base}/api/admin/ledger/check`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return report;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
  });
  const config = loadConfig(process.env, { tool: true });
  if (config.database.kind === 'postgres' && !values.url) {
    const report = await checkDatabase(config.database.url);
    print(report, 'PostgreSQL');
    return report.ok ? 0 : 1;
  }
  const base = (values.url ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const { email, password } = staffCredentials(values, config);
  const report = await checkThroughServer(base, email, password);
  print(report, base);
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Ledger check could not run: ${(error as Error).message}`,
    );
    process.exit(2);
  },
);
