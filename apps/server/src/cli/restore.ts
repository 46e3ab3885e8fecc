/**
 * Restores a backup of the embedded database into a data directory, then proves it with the ledger
 * check (exit code 0 only when the restored ledger balances):
 *   npm run restore -- --file backups/amana-backup-….tar.gz            # into DATA_DIR/pglite (must be empty)
 *   npm run restore -- --file … --data-dir /srv/amana/data/pglite --force   # replace an existing one
 * Stop the server first: PGlite allows one process per directory.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { ConfigError, loadConfig } from '../config/env.ts';
import { PGLITE_OPTIONS, type Db } from '../db/client.ts';
import { checkLedger } from '../modules/ledger/index.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { file: { type: 'string' }, 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
  });
  if (!values.file) {
    console.error('Usage: npm run restore -- --file <backup.tar.gz> [--data-dir <dir>] [--force]');
    return 2;
  }
  const config = loadConfig(process.env, { tool: true });
  const target = path.resolve(
    values['data-dir'] ??
      (config.database.kind === 'pglite' ? config.database.dataDir : null) ??
      'data/pglite',
  );
  if (existsSync(target) && readdirSync(target).length > 0) {
    if (!values.force) {
      console.error(`${target} is not empty. Pass --force to replace it (stop the server first).`);
      return 2;
    }
    rmSync(target, { recursive: true, force: true });
  }
  const blob = new Blob([await readFile(values.file)]);
  const client = new PGlite(target, { ...PGLITE_OPTIONS, loadDataDir: blob });
  try {
    const report = await checkLedger(drizzle({ client, casing: 'snake_case' }) as unknown as Db);
    console.log(`Restored ${values.file} into ${target}.`);
    console.log(
      report.ok
        ? `Ledger check OK: ${report.entries} entries, ${report.postings} postings, ${report.heldEscrows} escrow holds open.`
        : `Ledger check FAILED: ${report.problems.map((p) => `${p.kind} ${p.subject}: ${p.detail}`).join('; ')}`,
    );
    return report.ok ? 0 : 1;
  } finally {
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
