import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { raiseDispute, resolveDispute } from './transactions.disputes.ts';
import {
  createUser,
  driveTo,
  get,
  ledgerCheck,
  makeAdmin,
  walletBalance,
  type TestUser,
} from './transactions.test-support.ts';

let app: App;
let admin: TestUser;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, 'Admin');
  await makeAdmin(app, admin);
  buyer = await createUser(app, 'Nneka');
  seller = await createUser(app, 'Olu');
});
afterAll(async () => {
  expect((await ledgerCheck(app, admin)).ok).toBe(true);
  await app.close();
});

const statusOf = async (id: string) =>
  (await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction;

describe('raiseDispute (service)', () => {
  it('is possible from payment until completion and notifies the other party at URGENT', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    await raiseDispute(app, { transactionId: id, userId: buyer.id, reason: 'Seller stopped answering' });
    expect(await statusOf(id)).toMatchObject({ status: 'DISPUTED' });
    const [note] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.transactionId, id))
      .orderBy(notifications.createdAt);
    const urgent = (
      await app.db.select().from(notifications).where(eq(notifications.userId, seller.id))
    ).find((n) => n.transactionId === id && n.type === 'DISPUTE');
    expect(note).toBeDefined();
    expect(urgent).toMatchObject({ priority: 'URGENT', title: 'Dispute raised' });
    const feed = (await get(app, seller, `/api/transactions/${id}/activities`)).json().data.activities;
    expect(feed[0]).toMatchObject({ action: 'dispute_raised', userRole: 'BUYER' });
  });

  it('is refused before payment, after completion, and for strangers', async () => {
    const active = await driveTo(app, { buyer, seller }, 'ACTIVE');
    await expect(
      raiseDispute(app, { transactionId: active, userId: buyer.id, reason: 'x' }),
    ).rejects.toMatchObject({
      code: 'ILLEGAL_TRANSITION',
    });
    const stranger = await createUser(app, 'Stranger');
    const paid = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    await expect(
      raiseDispute(app, { transactionId: paid, userId: stranger.id, reason: 'x' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('resolveDispute (service)', () => {
  it('a full refund returns the total to the buyer and cancels', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    await raiseDispute(app, { transactionId: id, userId: buyer.id, reason: 'Wrong item' });
    const before = await walletBalance(app, buyer);
    await resolveDispute(app, {
      transactionId: id,
      outcome: { kind: 'REFUND', buyerAmountMinor: 102_500, sellerAmountMinor: 0, feeMinor: 0 },
      note: 'Item did not match',
    });
    expect(await statusOf(id)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect(await walletBalance(app, buyer)).toBe(before + 1025);
  });

  it('a release pays the seller and completes, once', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    await raiseDispute(app, { transactionId: id, userId: seller.id, reason: 'No answer' });
    const before = await walletBalance(app, seller);
    await resolveDispute(app, { transactionId: id, outcome: { kind: 'RELEASE' }, note: 'Delivered' });
    await expect(
      resolveDispute(app, { transactionId: id, outcome: { kind: 'RELEASE' }, note: 'again' }),
    ).rejects.toMatchObject({
      code: 'ILLEGAL_TRANSITION',
    });
    expect(await statusOf(id)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
    expect(await walletBalance(app, seller)).toBe(before + 1000);
  });
});
