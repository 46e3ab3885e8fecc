import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';
import { invitations } from '../../db/schema/transactions.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import {
  checklist,
  createTransaction,
  createUser,
  deliveryDetails,
  deposit,
  driveTo,
  get,
  join,
  ledgerCheck,
  platformFeesMinor,
  makeAdmin,
  post,
  put,
  shipment,
  uploadPhoto,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, 'Ngozi');
  await makeAdmin(app, admin);
});
afterAll(async () => {
  expect((await ledgerCheck(app, admin)).ok).toBe(true);
  await app.close();
});

const platformFees = () => platformFeesMinor(app);

describe.each([
  { creatorRole: 'BUYER' as const, useCourier: false },
  { creatorRole: 'SELLER' as const, useCourier: true },
  { creatorRole: 'BUYER' as const, useCourier: true },
])('journey: created by the $creatorRole, courier $useCourier', ({ creatorRole, useCourier }) => {
  it('create → join → (delivery) → pay from wallet → ship with photos → confirm receipt', async () => {
    const buyer = await createUser(app, 'Bola');
    const seller = await createUser(app, 'Segun');
    const [creator, joiner] = creatorRole === 'BUYER' ? [buyer, seller] : [seller, buyer];

    const created = await createTransaction(app, creator, {
      creatorRole,
      useCourier,
      price: 2000.5,
      fee: 1,
      total: 1,
    });
    const { transaction } = created;
    expect(transaction).toMatchObject({
      status: 'PENDING',
      price: 2000.5,
      fee: 50.01,
      total: 2050.51,
      viewerRole: creatorRole,
    });
    expect(transaction.invitation?.code).toBe(created.code);
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(Date.parse(transaction.invitation!.expiresAt) - Date.parse(transaction.createdAt)).toBe(
      7 * 24 * 3600_000,
    );
    const id = transaction.id;

    const preview = await get(app, joiner, `/api/transactions/invite/${created.code}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.invitation.transaction).toMatchObject({
      id,
      viewerRole: joiner === buyer ? 'BUYER' : 'SELLER',
      invitation: null,
    });

    const joined = await join(app, joiner, created.code);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.transaction).toMatchObject({ status: 'ACTIVE', counterpartyId: joiner.id });

    if (useCourier) {
      const early = await put(app, buyer, `/api/transactions/${id}/confirm-payment`, {
        paymentMethod: 'WALLET',
      });
      expect(early.statusCode).toBe(409);
      const delivered = await put(app, buyer, `/api/transactions/${id}/delivery-details`, {
        deliveryDetails,
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json().data.transaction).toMatchObject({
        status: 'WAITING_FOR_PAYMENT',
        deliveryDetails: { ...deliveryDetails, country: 'Nigeria' },
      });
    }

    await deposit(app, buyer, 3000);
    const buyerBefore = await walletBalance(app, buyer);
    const sellerBefore = await walletBalance(app, seller);
    const paid = await put(app, buyer, `/api/transactions/${id}/confirm-payment`, {
      paymentMethod: 'WALLET',
      amount: 1,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ message: 'Payment confirmed successfully!' });
    expect(paid.json().data.transaction).toMatchObject({
      status: 'WAITING_FOR_SHIPMENT',
      paymentStatus: 'COMPLETED',
      paymentMethod: 'WALLET',
      paymentCompleted: true,
    });
    expect(await walletBalance(app, buyer)).toBeCloseTo(buyerBefore - 2050.51, 2);

    const photos = [await uploadPhoto(app, seller, id), await uploadPhoto(app, seller, id, true)];
    const shipped = await put(app, seller, `/api/transactions/${id}/shipping-details`, {
      shipmentData: shipment(photos, useCourier),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data.transaction).toMatchObject({
      status: 'WAITING_FOR_BUYER_CONFIRMATION',
      shipmentData: { photos },
    });

    const photo = await get(app, buyer, `/api/uploads/${photos[0]}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');

    const feesBefore = await platformFees();
    const done = await put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.transaction).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
    expect(await walletBalance(app, seller)).toBeCloseTo(sellerBefore + 2000.5, 2);
    expect((await platformFees()) - feesBefore).toBe(5001);

    const again = await put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist);
    expect(again.statusCode).toBe(409);
    expect(await walletBalance(app, seller)).toBeCloseTo(sellerBefore + 2000.5, 2);

    const feed = await get(app, seller, `/api/transactions/${id}/activities`);
    const actions = feed.json().data.activities.map((a: { action: string }) => a.action);
    expect(actions).toEqual([
      'receipt_confirmed',
      'shipment_confirmed',
      'payment_made',
      ...(useCourier ? ['delivery_details_provided'] : []),
      'transaction_joined',
      'transaction_created',
    ]);
    const sellerNotes = await app.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(sellerNotes.map((n) => n.title)).toContain('Funds released');
    expect(sellerNotes.find((n) => n.title === 'Payment secured in escrow')).toMatchObject({
      type: 'PAYMENT',
      priority: 'HIGH',
    });
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
  });
});

describe('time-based release with a controllable clock', () => {
  it('fires once at its date, not before', async () => {
    const buyer = await createUser(app, 'Tobi');
    const seller = await createUser(app, 'Kemi');
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const start = Date.now();
    const releaseDate = new Date(start + 3 * 24 * 3600_000).toISOString();
    const set = await post(app, buyer, '/api/payment-conditions/time-based', {
      transactionId: id,
      releaseDate,
    });
    expect(set.statusCode, set.body).toBe(201);
    const list = await get(app, seller, `/api/payment-conditions/transaction/${id}`);
    expect(list.json().data).toMatchObject({
      autoReleaseEnabled: true,
      conditions: [{ conditionType: 'TIME_BASED', isMet: false }],
    });

    const photo = await uploadPhoto(app, seller, id);
    expect(
      (
        await put(app, seller, `/api/transactions/${id}/shipping-details`, {
          shipmentData: shipment([photo], false),
        })
      ).statusCode,
    ).toBe(200);
    const sellerBefore = await walletBalance(app, seller);
    try {
      app.deps.clock.now = () => new Date(start + 3 * 24 * 3600_000 - 60_000);
      await runDueJobs(app.deps);
      expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
        'WAITING_FOR_BUYER_CONFIRMATION',
      );

      app.deps.clock.now = () => new Date(start + 3 * 24 * 3600_000 + 1000);
      const first = await runDueJobs(app.deps);
      expect(first.released).toBeGreaterThanOrEqual(1);
      const after = (await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction;
      expect(after).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
      expect(await walletBalance(app, seller)).toBe(sellerBefore + 1000);
      await runDueJobs(app.deps);
      expect(await walletBalance(app, seller)).toBe(sellerBefore + 1000);
      const feed = (await get(app, buyer, `/api/transactions/${id}/activities`)).json().data.activities;
      expect(feed[0]).toMatchObject({ action: 'funds_released', userRole: 'SYSTEM', userName: 'System' });
      const conditions = (await get(app, buyer, `/api/payment-conditions/transaction/${id}`)).json().data;
      expect(conditions).toMatchObject({ autoReleaseEnabled: false, conditions: [{ isMet: true }] });
    } finally {
      app.deps.clock.now = () => new Date();
    }
  });
});

describe('cancel and expiry', () => {
  it('either party cancels before payment; not after', async () => {
    const buyer = await createUser(app, 'Uche');
    const seller = await createUser(app, 'Femi');
    const pending = await createTransaction(app, buyer);
    const cancelled = await post(app, buyer, `/api/transactions/${pending.transaction.id}/cancel`, {
      reason: 'Changed my mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.transaction).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'Changed my mind',
    });
    expect((await join(app, seller, pending.code)).statusCode).toBe(404);

    const active = await driveTo(app, { buyer, seller }, 'ACTIVE');
    expect((await post(app, seller, `/api/transactions/${active}/cancel`)).statusCode).toBe(200);

    const paid = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const refused = await post(app, buyer, `/api/transactions/${paid}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ILLEGAL_TRANSITION',
      error: 'A transaction can only be cancelled before payment',
    });
  });

  it('an expired invitation cancels the PENDING transaction and can no longer be used', async () => {
    const buyer = await createUser(app, 'Ife');
    const stranger = await createUser(app, 'Jide');
    const { transaction, code } = await createTransaction(app, buyer);
    expect((await get(app, stranger, `/api/transactions/invite/${code}`)).statusCode).toBe(200);
    // Seven days pass for this invitation only (moving the clock would expire other files' invitations
    // when the suite shares a PostgreSQL database).
    await app.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.transactionId, transaction.id));
    expect((await get(app, stranger, `/api/transactions/invite/${code}`)).statusCode).toBe(404);
    expect((await join(app, stranger, code)).statusCode).toBe(404);
    const { expired } = await runDueJobs(app.deps);
    expect(expired).toBeGreaterThanOrEqual(1);
    const after = (await get(app, buyer, `/api/transactions/${transaction.id}`)).json().data.transaction;
    expect(after).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Invitation expired' });
    const lookup = await get(app, stranger, `/api/transactions/invite/${code}`);
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json().error).toBe('Transaction Not Found');
    expect((await join(app, stranger, code)).statusCode).toBe(404);
    const feed = (await get(app, buyer, `/api/transactions/${transaction.id}/activities`)).json().data
      .activities;
    expect(feed[0]).toMatchObject({ action: 'transaction_cancelled', userRole: 'SYSTEM' });
  });
});

describe('list, search and stats', () => {
  it('pages, filters by status and role, searches id/description/counterparty name, counts', async () => {
    const me = await createUser(app, 'Zainab');
    const other = await createUser(app, 'Obinna');
    const a = await createTransaction(app, me, { description: 'Vintage Camera Lens' });
    const b = await createTransaction(app, me, { creatorRole: 'SELLER', description: 'Sofa set' });
    await join(app, other, b.code);
    await createTransaction(app, other, { description: 'Not mine' });

    const all = (await get(app, me, '/api/transactions/my-transactions?limit=1&page=2')).json().data;
    expect(all).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(all.transactions[0].id).toBe(a.transaction.id);

    const search = async (q: string) =>
      (await get(app, me, `/api/transactions/my-transactions?q=${encodeURIComponent(q)}`))
        .json()
        .data.transactions.map((t: { id: string }) => t.id);
    expect(await search('camera')).toEqual([a.transaction.id]);
    expect(await search('obinna')).toEqual([b.transaction.id]);
    expect(await search(b.transaction.id.slice(-8))).toEqual([b.transaction.id]);
    expect(await search('%')).toEqual([]);

    const sellerOnly = (await get(app, me, '/api/transactions/my-transactions?role=SELLER')).json().data
      .transactions;
    expect(sellerOnly.map((t: { id: string }) => t.id)).toEqual([b.transaction.id]);
    const otherAsBuyer = (
      await get(app, other, '/api/transactions/my-transactions?role=BUYER&status=ACTIVE')
    ).json().data;
    expect(otherAsBuyer.transactions.map((t: { id: string }) => t.id)).toEqual([b.transaction.id]);

    const stats = (await get(app, me, '/api/transactions/stats')).json().data;
    expect(stats).toMatchObject({ total: 2, active: 2, completed: 0, totalValue: 300000 });

    const participants = (await get(app, other, `/api/transactions/${b.transaction.id}/participants`)).json()
      .data.participants;
    expect(participants).toMatchObject([
      { userId: me.id, role: 'SELLER', isCreator: true },
      { userId: other.id, role: 'BUYER', isCreator: false },
    ]);
  });
});
