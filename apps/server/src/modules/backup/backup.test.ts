import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase, PGLITE_OPTIONS, type Database, type Db } from '../../db/client.ts';
import { migratedSnapshot } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { createUser, driveTo, makeAdmin, type TestUser } from '../../testing/test-kit.ts';

/**
 * The embedded database's online backup (always on PGlite, also in the service suite): taken while
 * payments run, it restores to a database whose ledger check passes.
 */
let app: App;
let database: Database;
let admin: TestUser;
const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-backup-'));
beforeAll(async () => {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
    },
    { memoryDatabase: true },
  );
  database = await openDatabase(config.database, { startFrom: migratedSnapshot() });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  admin = await createUser(app, 'Admin');
  await makeAdmin(app, admin);
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('online backup of the embedded database', () => {
  it('is ADMIN only', async () => {
    const user = await createUser(app, 'Uche');
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/backup', headers: user.headers })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/backup' })).statusCode).toBe(401);
  });

  it('taken during a run of payments, restores to a database whose ledger balances', async () => {
    const buyer = await createUser(app, 'Bayo');
    const seller = await createUser(app, 'Sade');
    const payments = Promise.all(
      Array.from({ length: 4 }, () =>
        driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT', { price: 2500 }),
      ),
    );
    await new Promise((r) => setTimeout(r, 150));
    const res = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin.headers });
    await payments;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="amana-backup-.+\.tar\.gz"$/);

    const restored = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: new Blob([res.rawPayload]) });
    try {
      const report = await checkLedger(drizzle({ client: restored, casing: 'snake_case' }) as unknown as Db);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      const { rows } = await restored.query<{ n: number }>('select count(*)::int as n from users');
      expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    } finally {
      await restored.close();
    }
  });
});
