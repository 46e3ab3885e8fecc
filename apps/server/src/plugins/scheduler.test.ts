import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { transactions } from '../db/schema/transactions.ts';
import { buildApp, type App } from '../app.ts';
import { runStep } from '../modules/transactions/index.ts';
import {
  createUser,
  driveTo,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  checklist,
  walletBalance,
} from '../testing/test-kit.ts';
import { runDueJobs } from './scheduler.ts';

/** An app on a database that outlives it: a file-backed PGlite in `dataDir`, or the run's PostgreSQL. */
async function openApp(dataDir: string, env: Record<string, string> = {}): Promise<App> {
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    // Instances on one PostgreSQL must share it (DATABASE_URL makes it required).
    IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
    WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database, logger: false });
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.ready();
  return app;
}

const HOUR = 3600_000;
const opened: App[] = [];
afterAll(async () => {
  for (const app of opened) await app.close().catch(() => undefined);
});

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}

describe('scheduler', () => {
  it('survives a restart: a release scheduled before shutdown fires in the next process, once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-scheduler-'));
    const first = await openApp(dataDir);
    opened.push(first);
    const buyer = await createUser(first, 'Rita');
    const seller = await createUser(first, 'Sola');
    const id = await driveTo(first, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    // Shipped three days ago, so the 48 h inspection floor of time-based releases is behind it.
    await first.deps.db
      .update(transactions)
      .set({ shippedAt: new Date(Date.now() - 72 * 3600_000) })
      .where(eq(transactions.id, id));
    // Real time, a few seconds ahead: other test files may share this database, and a clock moved
    // far ahead here would also release their conditions.
    const releaseAt = Date.now() + 4000;
    const releaseDate = new Date(releaseAt).toISOString();
    expect(
      (await post(first, buyer, '/api/payment-conditions/time-based', { transactionId: id, releaseDate }))
        .statusCode,
    ).toBe(201);
    await runDueJobs(first.deps);
    expect((await get(first, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
      'WAITING_FOR_BUYER_CONFIRMATION',
    );
    const sellerBefore = await walletBalance(first, seller);
    await first.close();

    // The second process runs its own loop every 100 ms.
    const second = await openApp(dataDir, { SCHEDULER_ENABLED: 'true', SCHEDULER_INTERVAL_MS: '100' });
    opened.push(second);
    expect(second.scheduler.running()).toBe(true);
    await waitFor(
      async () =>
        (await get(second, buyer, `/api/transactions/${id}`)).json().data.transaction.status === 'COMPLETED',
      20_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(releaseAt);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await walletBalance(second, seller)).toBe(sellerBefore + 1000);
    await second.scheduler.stop();
    expect(second.scheduler.running()).toBe(false);
    const admin = await createUser(second, 'Admin');
    await makeAdmin(second, admin);
    expect((await ledgerCheck(second, admin)).ok).toBe(true);
  });

  it('fires nothing while DISPUTED, and no release path works until the dispute is resolved', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-scheduler-'));
    const app = await openApp(dataDir);
    opened.push(app);
    const buyer = await createUser(app, 'Tunde');
    const seller = await createUser(app, 'Wale');
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const releaseDate = new Date(Date.now() + HOUR).toISOString();
    expect(
      (await post(app, buyer, '/api/payment-conditions/time-based', { transactionId: id, releaseDate }))
        .statusCode,
    ).toBe(201);
    // The disputes module (its own issue) will raise disputes through a route; the step is the same.
    await runStep(app.deps, {
      transactionId: id,
      actor: { kind: 'user', userId: seller.id },
      action: 'RAISE_DISPUTE',
      patch: (ctx) => ({ disputedAt: ctx.now }),
      activity: () => ({ action: 'dispute_raised', description: 'Dispute raised: Buyer is not responding' }),
      notifications: () => [],
    });
    const sellerBefore = await walletBalance(app, seller);

    app.deps.clock.now = () => new Date(Date.now() + 2 * HOUR);
    expect((await runDueJobs(app.deps)).released).toBe(0);
    expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction).toMatchObject({
      status: 'DISPUTED',
    });
    expect((await put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist)).statusCode).toBe(
      409,
    );
    expect(
      (await post(app, buyer, '/api/payment-conditions/manual-release', { transactionId: id })).statusCode,
    ).toBe(409);
    expect(await walletBalance(app, seller)).toBe(sellerBefore);
    const conditions = (await get(app, buyer, `/api/payment-conditions/transaction/${id}`)).json().data;
    expect(conditions.conditions[0]).toMatchObject({ conditionType: 'TIME_BASED', isMet: false });
  });

  it('the loop releases a transaction whose inspection window ran out, once, with its reminder before', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-scheduler-'));
    const first = await openApp(dataDir);
    opened.push(first);
    const buyer = await createUser(first, 'Ngozi');
    const seller = await createUser(first, 'Emeka');
    const id = await driveTo(first, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    // Real time, a few seconds ahead (a clock moved far ahead would also touch other files' rows).
    const releaseAt = Date.now() + 3000;
    await first.deps.db
      .update(transactions)
      .set({ autoReleaseAt: new Date(releaseAt) })
      .where(eq(transactions.id, id));
    const pass = await runDueJobs(first.deps);
    expect(pass).toMatchObject({ autoReleased: expect.any(Number), remindersSent: expect.any(Number) });
    const [reminded] = await first.deps.db.select().from(transactions).where(eq(transactions.id, id));
    expect(reminded!.autoReleaseReminder24SentAt).not.toBeNull();
    expect(reminded!.status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    const sellerBefore = await walletBalance(first, seller);
    await first.close();

    const second = await openApp(dataDir, { SCHEDULER_ENABLED: 'true', SCHEDULER_INTERVAL_MS: '100' });
    opened.push(second);
    await waitFor(
      async () =>
        (await get(second, buyer, `/api/transactions/${id}`)).json().data.transaction.status === 'COMPLETED',
      20_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(releaseAt);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await second.scheduler.stop();
    expect(await walletBalance(second, seller)).toBe(sellerBefore + 1000);
    const activities = (await get(second, buyer, `/api/transactions/${id}/activities`)).json().data
      .activities;
    expect(activities[0]).toMatchObject({
      description: 'Funds released automatically after the inspection period',
      userRole: 'SYSTEM',
    });
  });
});
