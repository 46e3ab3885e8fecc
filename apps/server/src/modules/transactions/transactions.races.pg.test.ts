import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import {
  checklist,
  createTransaction,
  createUser,
  deposit,
  driveTo,
  get,
  join,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

/**
 * Races need real concurrency: PostgreSQL with a connection pool (PGlite has one connection).
 * This file runs in the service suite (TEST_DATABASE_URL), where `databaseUrl` is provided.
 */
describe.runIf(Boolean(inject('databaseUrl')))('races on PostgreSQL', () => {
  let app: App;
  let other: App;
  let admin: TestUser;
  let buyer: TestUser;
  let seller: TestUser;
  const HOUR = 3600_000;

  beforeAll(async () => {
    app = await createTestApp();
    other = await createTestApp();
    admin = await createUser(app, 'Admin');
    await makeAdmin(app, admin);
    buyer = await createUser(app, 'Race');
    seller = await createUser(app, 'Condition');
  });
  afterAll(async () => {
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
    await other.close();
    await app.close();
  });

  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

  it('20 parallel confirm-receipt: exactly one succeeds and the seller is paid once', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const before = await walletBalance(app, seller);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 409)).toBe(19);
    expect(await walletBalance(app, seller)).toBe(before + 1000);
  });

  it('20 parallel payments from the wallet: exactly one succeeds and the wallet pays once', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    await deposit(app, buyer, 5000);
    const before = await walletBalance(app, buyer);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        put(app, buyer, `/api/transactions/${id}/confirm-payment`, { paymentMethod: 'WALLET' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 409)).toBe(19);
    expect(await walletBalance(app, buyer)).toBe(before - 1025);
  });

  it('20 strangers joining at once: one counterparty', async () => {
    const { transaction, code } = await createTransaction(app, buyer, { price: 1000 });
    const joiners = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(app, `Joiner${i}`)));
    const results = await Promise.all(joiners.map((j) => join(app, j, code)));
    expect(
      count(
        results.map((r) => r.statusCode),
        200,
      ),
    ).toBe(1);
    const winner = joiners[results.findIndex((r) => r.statusCode === 200)]!;
    expect(
      (await get(app, buyer, `/api/transactions/${transaction.id}`)).json().data.transaction.counterpartyId,
    ).toBe(winner.id);
  });

  it('a due time-based release racing a manual release: one release', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
      const releaseDate = new Date(Date.now() + HOUR).toISOString();
      expect(
        (await post(app, buyer, '/api/payment-conditions/time-based', { transactionId: id, releaseDate }))
          .statusCode,
      ).toBe(201);
      ids.push(id);
    }
    const before = await walletBalance(app, seller);
    app.deps.clock.now = () => new Date(Date.now() + 2 * HOUR);
    try {
      const [, ...manual] = await Promise.all([
        runDueJobs(app.deps),
        ...ids.map((id) => post(app, buyer, '/api/payment-conditions/manual-release', { transactionId: id })),
      ]);
      expect(manual.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    } finally {
      app.deps.clock.now = () => new Date();
    }
    for (const id of ids)
      expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
        'COMPLETED',
      );
    expect(await walletBalance(app, seller)).toBe(before + 3000);
  });

  it('two app instances running the scheduler on one database: each release happens once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
      const releaseDate = new Date(Date.now() + HOUR).toISOString();
      expect(
        (await post(app, buyer, '/api/payment-conditions/time-based', { transactionId: id, releaseDate }))
          .statusCode,
      ).toBe(201);
      ids.push(id);
    }
    const before = await walletBalance(app, seller);
    // Past the 48 h after shipment before which a time-based release never fires.
    const later = () => new Date(Date.now() + 49 * HOUR);
    app.deps.clock.now = later;
    other.deps.clock.now = later;
    try {
      // The counts of either run are not asserted: test files share this database, so a run may also
      // release other files' due conditions. Exactly-once shows in this seller's balance.
      await Promise.all([
        runDueJobs(app.deps),
        runDueJobs(other.deps),
        runDueJobs(app.deps),
        runDueJobs(other.deps),
      ]);
    } finally {
      app.deps.clock.now = () => new Date();
      other.deps.clock.now = () => new Date();
    }
    for (const id of ids)
      expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
        'COMPLETED',
      );
    expect(await walletBalance(app, seller)).toBe(before + 4000);
  });
});
