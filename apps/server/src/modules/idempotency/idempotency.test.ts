import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { balanceOf, createTestUser, deposit, type TestUser } from '../wallet/wallet.test-helpers.ts';
import { runWithClaim } from './idempotency.claims.ts';
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

  describe('after a failure mid-request (a lease instead of a stuck key)', () => {
    const stuck = async (user: TestUser, key: string, committed: boolean) => {
      await app.deps.db.insert(idempotencyKeys).values({
        userId: user.user.id,
        key,
        owner: 'a request whose instance died',
        requestHash: requestHash('POST', '/api/wallet/deposit', { amount: 7 }),
        lockedUntil: new Date(Date.now() - 1000),
        committedAt: committed ? new Date() : null,
      });
    };

    it('lets a retry take over a key whose lease ran out before its request committed', async () => {
      const user = await createTestUser(app);
      await stuck(user, 'lapsed', false);
      const retried = await deposit(app, user, 7, 'lapsed');
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(await balanceOf(app, user)).toBe(7);
      const replay = await deposit(app, user, 7, 'lapsed');
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await balanceOf(app, user)).toBe(7);
    });

    it('never runs again a request that committed and lost its answer', async () => {
      const user = await createTestUser(app);
      await stuck(user, 'applied', true);
      const retried = await deposit(app, user, 7, 'applied');
      expect(retried.statusCode).toBe(409);
      expect(retried.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_ALREADY_APPLIED' });
      expect(await balanceOf(app, user)).toBe(0);
    });

    it("keeps a running request's key while its lease lasts", async () => {
      const user = await createTestUser(app);
      await stuck(user, 'leased', false);
      await app.deps.db
        .update(idempotencyKeys)
        .set({ lockedUntil: new Date(Date.now() + 5000) })
        .where(eq(idempotencyKeys.key, 'leased'));
      expect((await deposit(app, user, 7, 'leased')).json()).toMatchObject({
        code: 'IDEMPOTENCY_IN_PROGRESS',
      });
    });

    it('refuses the commit of a first request whose key was taken over meanwhile', async () => {
      const user = await createTestUser(app);
      await stuck(user, 'taken-over', false);
      const [row] = await app.deps.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'taken-over'));
      const outcome = await new Promise<unknown>((resolve) =>
        runWithClaim({ id: row!.id, owner: 'the old owner', committed: false }, () => {
          app.deps.db
            .transaction(async (tx) => {
              await tx
                .update(idempotencyKeys)
                .set({ responseBody: 'written' })
                .where(eq(idempotencyKeys.id, row!.id));
            })
            .then(() => resolve('committed'), resolve);
        }),
      );
      expect(outcome).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
      const [after] = await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, row!.id));
      expect(after).toMatchObject({ responseBody: null, committedAt: null });
    });

    it('marks the key committed in the same transaction as the money', async () => {
      const user = await createTestUser(app);
      expect((await deposit(app, user, 3, 'marked')).statusCode).toBe(200);
      const [row] = await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'marked'));
      expect(row?.committedAt).toBeInstanceOf(Date);
      expect(row?.status).toBe('COMPLETED');
    });
  });
});
