import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { balanceOf, createTestUser, deposit } from '../wallet/wallet.test-helpers.ts';
import { IDEMPOTENCY_KEY_TTL_MS, purgeExpiredIdempotencyKeys, requestHash } from './idempotency.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

describe('Idempotency-Key', () => {
  it('answers 409 while the first request with the key is still running', async () => {
    const user = await createTestUser(app);
    // The state a concurrent first request leaves while its handler runs.
    await app.deps.db.insert(idempotencyKeys).values({
      userId: user.user.id,
      key: 'running',
      requestHash: requestHash('POST', '/api/wallet/deposit', { amount: 10 }),
    });
    const res = await deposit(app, user, 10, 'running');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(await balanceOf(app, user)).toBe(0);
  });

  it('hashes the body independently of key order', () => {
    expect(requestHash('POST', '/x', { a: 1, b: { c: 2, d: 3 } })).toBe(
      requestHash('POST', '/x', { b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(requestHash('POST', '/x', { a: 1 })).not.toBe(requestHash('POST', '/y', { a: 1 }));
  });

  it('keeps a 4xx answer but frees the key after a 5xx so the request can be retried', async () => {
    const user = await createTestUser(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { ...user.headers, 'idempotency-key': 'refused' },
      payload: { amount: 10, bankAccountId: 'missing' },
    });
    expect(refused.statusCode).toBe(404);
    const [kept] = await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'refused'));
    expect(kept).toMatchObject({ status: 'COMPLETED', responseStatus: 404 });

    const original = app.deps.payments.resolveAccount;
    app.deps.payments.resolveAccount = async () => {
      throw new Error('simulated crash');
    };
    const add = () =>
      app.inject({
        method: 'POST',
        url: '/api/wallet/bank-accounts',
        headers: { ...user.headers, 'idempotency-key': 'crashed' },
        payload: { bankCode: '011', accountNumber: '0000014579' },
      });
    try {
      expect((await add()).statusCode).toBe(500);
      expect(
        await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'crashed')),
      ).toEqual([]);
    } finally {
      app.deps.payments.resolveAccount = original;
    }
    const retried = await add();
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets an expired key be used again and purges old keys', async () => {
    const user = await createTestUser(app);
    expect((await deposit(app, user, 5, 'old-key')).statusCode).toBe(200);
    const past = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000);
    await app.deps.db
      .update(idempotencyKeys)
      .set({ createdAt: past })
      .where(eq(idempotencyKeys.userId, user.user.id));
    const again = await deposit(app, user, 5, 'old-key');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(app, user)).toBe(10);
    await app.deps.db
      .update(idempotencyKeys)
      .set({ createdAt: past })
      .where(eq(idempotencyKeys.userId, user.user.id));
    expect(await purgeExpiredIdempotencyKeys(app.deps.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(
      await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.user.id)),
    ).toEqual([]);
  });
});
