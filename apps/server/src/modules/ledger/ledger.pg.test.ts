import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { addBank, balanceOf, createTestUser, deposit } from '../wallet/wallet.test-helpers.ts';
import { checkLedger, holdFromWallet, releaseHold, walletBalanceMinor } from './ledger.service.ts';

/**
 * Races need real concurrent connections, so these run only in the PostgreSQL service run
 * (TEST_DATABASE_URL); PGlite has a single connection and cannot race.
 */
describe.runIf(Boolean(inject('databaseUrl')))('money under concurrency (PostgreSQL)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(app.deps.db)).problems).toEqual([]);
    await app.close();
  });

  it('lets exactly the withdrawals that fit through when 20 race for one balance', async () => {
    const user = await createTestUser(app, { verificationLevel: 'PREMIUM' });
    await deposit(app, user, 10_500);
    const bank = await addBank(app, user);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/wallet/withdraw',
          headers: user.headers,
          payload: { amount: 1_000, bankAccountId: bank.id },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().error).toBe('Insufficient balance');
    expect(await balanceOf(app, user)).toBe(0);
  });

  it('never exceeds the daily limit when withdrawals race', async () => {
    const user = await createTestUser(app, { verificationLevel: 'BASIC' });
    await deposit(app, user, 100_000);
    const bank = await addBank(app, user);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/wallet/withdraw',
          headers: user.headers,
          payload: { amount: 7_000, bankAccountId: bank.id },
        }),
      ),
    );
    // ₦50,000 a day at BASIC: seven ₦7,000 withdrawals fit, the eighth would make ₦56,000.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(7);
    expect(results.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'LIMIT_EXCEEDED')).toBe(
      true,
    );
    expect(await balanceOf(app, user)).toBe(100_000 - 7 * 7_050);
  });

  it('writes one journal entry for 20 parallel replays of one Idempotency-Key', async () => {
    const user = await createTestUser(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => deposit(app, user, 321, 'same-key')));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const references = new Set(
      results.filter((r) => r.statusCode === 200).map((r) => r.json().data.deposit.reference),
    );
    expect(references.size).toBe(1);
    const entries = (await app.deps.db.execute(
      sql`select count(*)::int as n from journal_entries where user_id = ${user.user.id} and kind = 'DEPOSIT'`,
    )) as { rows: { n: number }[] };
    expect(entries.rows[0]!.n).toBe(1);
    expect(await balanceOf(app, user)).toBe(321);
  });

  it('resolves a hold once when 20 releases race, and funds it once when 20 holds race', async () => {
    const buyer = await createTestUser(app, { verificationLevel: 'PREMIUM' });
    const seller = await createTestUser(app);
    await deposit(app, buyer, 1_025);
    const transactionId = randomUUID();
    const holds = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        app.deps.db.transaction((tx) =>
          holdFromWallet(tx, {
            transactionId,
            buyerId: buyer.user.id,
            currency: 'NGN',
            amountMinor: 102_500,
            idempotencyKey: `hold:${transactionId}:${i}`,
          }),
        ),
      ),
    );
    expect(holds.filter((h) => h.status === 'fulfilled')).toHaveLength(1);
    const releases = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        app.deps.db.transaction((tx) =>
          releaseHold(tx, {
            transactionId,
            sellerId: seller.user.id,
            priceMinor: 100_000,
            feeMinor: 2_500,
            idempotencyKey: `release:${transactionId}:${i}`,
          }),
        ),
      ),
    );
    expect(releases.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of releases)
      if (r.status === 'rejected')
        expect((r.reason as Error).message).toBe('Escrow has already been resolved');
    expect(await walletBalanceMinor(app.deps.db, seller.user.id, 'NGN')).toBe(100_000);
    expect(await walletBalanceMinor(app.deps.db, buyer.user.id, 'NGN')).toBe(0);
  });

  it('does not deadlock when many users move money to and from the shared accounts at once', async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, () => createTestUser(app, { verificationLevel: 'PREMIUM' })),
    );
    await Promise.all(people.map((p) => deposit(app, p, 50_000)));
    const banks = await Promise.all(people.map((p) => addBank(app, p)));
    const transactionIds = people.map(() => randomUUID());
    const withdraw = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: people[i]!.headers,
        payload: { amount: 500, bankAccountId: banks[i]!.id },
      });
    // Round 1: everyone pays into escrow while deposits and withdrawals run; round 2: every escrow
    // is released to the next person while the same traffic runs again. Each business event is its
    // own database transaction, as in the transaction lifecycle.
    const round1 = await Promise.allSettled(
      people.flatMap((p, i) => [
        deposit(app, p, 100),
        withdraw(i),
        app.deps.db.transaction((tx) =>
          holdFromWallet(tx, {
            transactionId: transactionIds[i]!,
            buyerId: p.user.id,
            currency: 'NGN',
            amountMinor: 1_000_00,
            idempotencyKey: `hold:${transactionIds[i]}`,
          }),
        ),
      ]),
    );
    const round2 = await Promise.allSettled(
      people.flatMap((p, i) => [
        deposit(app, p, 100),
        withdraw(i),
        app.deps.db.transaction((tx) =>
          releaseHold(tx, {
            transactionId: transactionIds[i]!,
            sellerId: people[(i + 1) % people.length]!.user.id,
            priceMinor: 975_00,
            feeMinor: 25_00,
            idempotencyKey: `release:${transactionIds[i]}`,
          }),
        ),
      ]),
    );
    const settled = [...round1, ...round2];
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    for (const s of settled)
      if (s.status === 'fulfilled' && s.value && typeof s.value === 'object' && 'statusCode' in s.value)
        expect((s.value as { statusCode: number }).statusCode).toBe(200);
    // Each paid 1,000 and received 975 from a neighbour: 50,000 + 2 × (100 - 550) - 1,000 + 975.
    for (const p of people) expect(await balanceOf(app, p)).toBe(49_075);
  });
});
