import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

/**
 * With TEST_DATABASE_URL (a PostgreSQL server URL) the server suite runs against a database created
 * for this run and dropped afterwards; without it every test file uses its own in-memory PGlite, loaded
 * from one migrated data directory made here once per run (an initdb and the migrations cost about 3 s
 * per database; loading the dump about 1.5 s).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('databaseUrl', '');
    const snapshot = await migratedPgliteDump();
    project.provide('pgliteSnapshot', snapshot);
    return () => rmSync(snapshot, { force: true });
  }
  project.provide('pgliteSnapshot', '');
  const name = `escrow_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.toString());
  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

/** A fresh in-memory PGlite with every migration applied, dumped to a file; returns the file's path. */
async function migratedPgliteDump(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const dump = await database.dump!();
    const file = path.join(tmpdir(), `escrow-test-pglite-${process.pid}-${Date.now().toString(36)}.tar.gz`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}
