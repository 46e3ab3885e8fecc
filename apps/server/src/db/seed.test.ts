import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { systemClock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createTestApp, uniqueEmail } from '../testing/test-app.ts';
import { openDatabase, type Database } from './client.ts';
import { DEMO_ACCOUNTS, DemoPasswordsInProduction, ensureAdmin, seedOnStart } from './seed.ts';
import { users } from './schema/users.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const log = { info: () => {} };
const roleOf = async (email: string) =>
  (await app.deps.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

describe('ensureAdmin with a role (npm run create-admin -- --role SUPPORT)', () => {
  it('creates a support agent, and moves an account between staff roles', async () => {
    const email = uniqueEmail('agent');
    expect(await ensureAdmin({ ...app.deps, log }, email, 'agent-pass-1', 'SUPPORT')).toBe('created');
    expect(await roleOf(email)).toBe('SUPPORT');
    expect(await ensureAdmin({ ...app.deps, log }, email, 'agent-pass-1', 'SUPPORT')).toBe('unchanged');
    expect(await ensureAdmin({ ...app.deps, log }, email, 'admin-pass-2', 'ADMIN')).toBe('promoted');
    expect(await roleOf(email)).toBe('ADMIN');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'admin-pass-2' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.user.role).toBe('ADMIN');
  });
});

/**
 * Demo accounts only outside production: a database of its own, empty at first, so seeding
 * behaves as on a first start; later tests carry the trial's demo accounts over into production.
 */
describe('demo accounts and production', () => {
  let database: Database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-seed-'));
  const configFor = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env }, { memoryDatabase: true });
  const demoEmails = async () =>
    (await database.db.select({ email: users.email }).from(users).where(like(users.email, '%@demo.amana.ng')))
      .map((row) => row.email)
      .sort();
  const setPassword = async (email: string, password: string) =>
    database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.email, email));

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('production creates no demo accounts, even with SEED_DEMO=true', async () => {
    const config = configFor({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    const warn = vi.fn();
    expect(
      await seedOnStart({ db: database.db, clock: systemClock(), config, log: { ...log, warn } }),
    ).toEqual([]);
    expect(await demoEmails()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/SEED_DEMO is ignored in production/));
  });

  it('development creates them on an empty database, as before', async () => {
    const config = configFor({ NODE_ENV: 'development', SEED_DEMO: 'true' });
    const printed = await seedOnStart({
      db: database.db,
      clock: systemClock(),
      config,
      log: { ...log, warn: vi.fn() },
    });
    expect(printed.map((account) => account.email)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    expect(await demoEmails()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort());
  });

  it('production refuses to start while a carried-over staff account has a demo password, naming it', async () => {
    const config = configFor({ NODE_ENV: 'production' });
    const warn = vi.fn();
    const start = () => seedOnStart({ db: database.db, clock: systemClock(), config, log: { ...log, warn } });
    const refusal = await start().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DemoPasswordsInProduction);
    expect((refusal as Error).message).toMatch(/admin@demo\.amana\.ng \(ADMIN\)/);
    expect((refusal as Error).message).toMatch(/support@demo\.amana\.ng \(SUPPORT\)/);
    // Plain accounts (sign-up could plant those) are named in the log, not refused.
    expect(warn).toHaveBeenCalledWith(
      { accounts: expect.arrayContaining(['buyer@demo.amana.ng', 'seller@demo.amana.ng']) },
      expect.stringMatching(/demo password/),
    );

    // A new password, or a suspension, ends the refusal.
    await setPassword('admin@demo.amana.ng', 'an-operator-secret-nobody-printed');
    const stillSupport = await start().catch((error: unknown) => error);
    expect((stillSupport as Error).message).not.toMatch(/admin@demo/);
    expect((stillSupport as Error).message).toMatch(/support@demo\.amana\.ng/);
    await database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.email, 'support@demo.amana.ng'));
    await expect(start()).resolves.toEqual([]);
  });

  it('production creates the first operator from ADMIN_EMAIL, and refuses it a demo password', async () => {
    const email = uniqueEmail('operator');
    const good = configFor({
      NODE_ENV: 'production',
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'a-long-operator-secret',
    });
    await expect(
      seedOnStart({ db: database.db, clock: systemClock(), config: good, log: { ...log, warn: vi.fn() } }),
    ).resolves.toEqual([]);
    expect(
      (await database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role,
    ).toBe('ADMIN');

    await setPassword(email, 'DemoSupport#2025');
    await expect(
      seedOnStart({ db: database.db, clock: systemClock(), config: good, log: { ...log, warn: vi.fn() } }),
    ).rejects.toThrow(new RegExp(`${email.replaceAll('.', '\\.')} \\(ADMIN\\)`));
  });
});
