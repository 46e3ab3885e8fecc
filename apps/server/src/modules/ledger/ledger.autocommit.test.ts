import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../wallet/wallet.test-helpers.ts';
import {
  accountCodes,
  checkLedger,
  getHold,
  holdFromWallet,
  postEntry,
  releaseHold,
  walletBalanceMinor,
} from './ledger.service.ts';

/**
 * A money event given the database itself (no transaction of the caller's) is its one statement and
 * commits or fails whole on its own: one round trip. Both engines.
 */
let app: App;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createTestUser(app);
  seller = await createTestUser(app);
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

const balance = (userId: string) => walletBalanceMinor(app.deps.db, userId, 'NGN');
const entriesOf = async (transactionId: string) =>
  (
    (await app.deps.db.execute(
      sql`select count(*)::int as n from journal_entries where transaction_id = ${transactionId}`,
    )) as { rows: { n: number }[] }
  ).rows[0]!.n;

describe('money events on their own, outside a transaction', () => {
  it('funds, holds and releases, each committed by its one statement', async () => {
    await postEntry(app.deps.db, {
      idempotencyKey: `autocommit-fund:${randomUUID()}`,
      kind: 'DEPOSIT',
      description: 'Test funding',
      currency: 'NGN',
      userId: buyer.user.id,
      postings: [
        { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -102_500 },
        { accountCode: accountCodes.userWallet(buyer.user.id, 'NGN'), amountMinor: 102_500 },
      ],
    });
    const transactionId = randomUUID();
    const held = await holdFromWallet(app.deps.db, {
      transactionId,
      buyerId: buyer.user.id,
      currency: 'NGN',
      amountMinor: 102_500,
      idempotencyKey: `hold:${transactionId}`,
    });
    expect(held.hold.status).toBe('HELD');
    expect(await balance(buyer.user.id)).toBe(0);
    const released = await releaseHold(app.deps.db, {
      transactionId,
      sellerId: seller.user.id,
      priceMinor: 100_000,
      feeMinor: 2_500,
      idempotencyKey: `release:${transactionId}`,
    });
    expect(released.hold.status).toBe('RELEASED');
    expect(await balance(seller.user.id)).toBe(100_000);
    expect(await entriesOf(transactionId)).toBe(2);
  });

  it('leaves nothing of a refused hold: no hold row, no entry, no new account', async () => {
    const transactionId = randomUUID();
    await expect(
      holdFromWallet(app.deps.db, {
        transactionId,
        buyerId: buyer.user.id,
        currency: 'NGN',
        amountMinor: 1_000,
        idempotencyKey: `hold:${transactionId}`,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });
    expect(await getHold(app.deps.db, transactionId)).toBeNull();
    expect(await entriesOf(transactionId)).toBe(0);
    const escrow = (await app.deps.db.execute(
      sql`select count(*)::int as n from ledger_accounts where code = ${accountCodes.escrow(transactionId)}`,
    )) as { rows: { n: number }[] };
    expect(escrow.rows[0]!.n).toBe(0);
    expect(await balance(buyer.user.id)).toBe(0);
  });
});
