import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * With TEST_DATABASE_URL (a PostgreSQL server URL) the server suite runs against a database created
 * for this run and dropped afterwards; without it every test file uses its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('databaseUrl', '');
    return;
  }
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
