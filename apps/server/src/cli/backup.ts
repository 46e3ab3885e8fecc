/**
 * Takes an online backup of the embedded database through the running server (PGlite allows one
 * process), as a gzipped tarball of its data directory:
 *   npm run backup                                  # → backups/amana-backup-<time>.tar.gz
 *   npm run backup -- --out /safe/place.tar.gz --url http://localhost:3000 --email admin@… --password …
 * Uploaded files (DATA_DIR/uploads) are plain files: copy that directory alongside. Restore with
 * `npm run restore`. On PostgreSQL use pg_basebackup / pg_dump instead (docs/operations.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.ts';
import { signIn, staffCredentials } from './server-api.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const config = loadConfig(process.env, { tool: true });
  const base = (values.url ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const { email, password } = staffCredentials(values, config);
  const token = await signIn(base, email, password);
  const res = await fetch(`${base}/api/admin/backup`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(600_000),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `HTTP ${res.status}`);
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'amana-backup.tar.gz';
  const out = path.resolve(values.out ?? path.join('backups', name));
  await mkdir(path.dirname(out), { recursive: true });
  const data = Buffer.from(await res.arrayBuffer());
  await writeFile(out, data);
  console.log(`Backup written to ${out} (${(data.length / 1024).toFixed(0)} KiB).`);
  console.log('Restore it with: npm run restore -- --file ' + path.relative(process.cwd(), out));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
