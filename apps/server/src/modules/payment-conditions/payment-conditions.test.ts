import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import {
  createUser,
  checklist,
  driveTo,
  get,
  post,
  put,
  shipment,
  uploadPhoto,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Yemi');
  seller = await createUser(app, 'Zara');
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('payment conditions', () => {
  it('either party adds the delivery condition once; only the buyer confirms it, after shipment', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const created = await post(app, seller, '/api/payment-conditions/create', {
      transactionId: id,
      conditionType: 'DELIVERY_CONFIRMED',
      conditionValue: 'Buyer confirms the sofa arrived',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Delivery confirmation condition added',
      data: { condition: { isMet: false } },
    });
    const again = await post(app, buyer, '/api/payment-conditions/create', {
      transactionId: id,
      conditionType: 'DELIVERY_CONFIRMED',
    });
    expect(again.statusCode).toBe(409);
    const conditionId = created.json().data.condition.id;

    expect(
      (await put(app, buyer, '/api/payment-conditions/update', { conditionId, isMet: true })).statusCode,
    ).toBe(409);
    const photo = await uploadPhoto(app, seller, id);
    await put(app, seller, `/api/transactions/${id}/shipping-details`, {
      shipmentData: shipment([photo], false),
    });
    // The client's isMet/metAt are not trusted: the server sets both.
    const confirmed = await put(app, buyer, '/api/payment-conditions/update', {
      conditionId,
      isMet: false,
      metAt: '2001-01-01',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const condition = confirmed.json().data.condition;
    expect(condition.isMet).toBe(true);
    expect(Date.parse(condition.metAt)).toBeGreaterThan(Date.now() - 60_000);
    // Confirming delivery does not move money by itself.
    expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
      'WAITING_FOR_BUYER_CONFIRMATION',
    );
  });

  it('manual release pays the seller now and is recorded as a met MANUAL_APPROVAL', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const before = await walletBalance(app, seller);
    const res = await post(app, buyer, '/api/payment-conditions/manual-release', {
      transactionId: id,
      reason: 'Collected in person',
    });
    expect(res.statusCode, res.body).toBe(200);
    const manual = res
      .json()
      .data.conditions.find((c: { conditionType: string }) => c.conditionType === 'MANUAL_APPROVAL');
    expect(manual).toMatchObject({ isMet: true });
    expect(JSON.parse(manual.conditionValue)).toMatchObject({
      approvedBy: buyer.id,
      reason: 'Collected in person',
    });
    expect(await walletBalance(app, seller)).toBe(before + 1000);
    expect(
      (await post(app, buyer, '/api/payment-conditions/manual-release', { transactionId: id })).statusCode,
    ).toBe(409);
  });

  it('a new release date replaces the pending one', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const first = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (
        await post(app, buyer, '/api/payment-conditions/time-based', {
          transactionId: id,
          releaseDate: first,
        })
      ).statusCode,
    ).toBe(201);
    const moved = await post(app, buyer, '/api/payment-conditions/time-based', {
      transactionId: id,
      releaseDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(moved.statusCode).toBe(201);
    const { conditions } = (await get(app, buyer, `/api/payment-conditions/transaction/${id}`)).json().data;
    expect(conditions).toHaveLength(1);
    expect(conditions[0].releaseAt).toBe(moved.json().data.condition.releaseAt);
  });

  it('a condition change is a step: row guarded, activity, the other party notified, both told live', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const before = (await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction;
    const emitted: { userId: string; event: string }[] = [];
    vi.spyOn(app.deps.realtime, 'toUser').mockImplementation((userId, event) => {
      emitted.push({ userId, event });
    });
    const created = await post(app, buyer, '/api/payment-conditions/create', {
      transactionId: id,
      conditionType: 'DELIVERY_CONFIRMED',
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = (await get(app, seller, `/api/transactions/${id}`)).json().data.transaction;
    expect(after.status).toBe('WAITING_FOR_SHIPMENT');
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    const activities = (await get(app, seller, `/api/transactions/${id}/activities`)).json().data.activities;
    expect(activities[0]).toMatchObject({
      action: 'payment_condition_added',
      userId: buyer.id,
      userRole: 'BUYER',
    });
    const notes = (await get(app, seller, '/api/notifications?limit=50')).json().data.notifications;
    expect(notes.filter((n: { transactionId: string }) => n.transactionId === id)[0]).toMatchObject({
      title: 'Payment condition added',
      metadata: { transactionStatus: 'WAITING_FOR_SHIPMENT' },
    });
    expect(emitted).toEqual(
      expect.arrayContaining([
        { userId: buyer.id, event: 'transaction:updated' },
        { userId: seller.id, event: 'transaction:updated' },
        { userId: seller.id, event: 'notification' },
      ]),
    );
    expect(emitted).not.toContainEqual({ userId: buyer.id, event: 'notification' });
  });

  it('condition rules come from the one transition table: roles 403, statuses 409 with the spec text', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const releaseDate = new Date(Date.now() + 86_400_000).toISOString();
    const bySeller = await post(app, seller, '/api/payment-conditions/time-based', {
      transactionId: id,
      releaseDate,
    });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().error).toBe('Only the buyer can set a time-based release');
    const done = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    expect((await put(app, buyer, `/api/transactions/${done}/confirm-receipt`, checklist)).statusCode).toBe(
      200,
    );
    const locked = await post(app, buyer, '/api/payment-conditions/time-based', {
      transactionId: done,
      releaseDate,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(
      'Payment conditions cannot be modified in the current transaction state',
    );
    const stranger = await createUser(app, 'Stranger');
    expect(
      (
        await post(app, stranger, '/api/payment-conditions/create', {
          transactionId: done,
          conditionType: 'DELIVERY_CONFIRMED',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a due time-based release fires under a controlled clock, exactly once, stamped with that clock', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const releaseDate = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await post(app, buyer, '/api/payment-conditions/time-based', {
      transactionId: id,
      releaseDate,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const sellerBefore = await walletBalance(app, seller);
    const clock = app.deps.clock;
    const realNow = clock.now;
    try {
      // Not yet due: nothing happens.
      expect((await runDueJobs(app.deps)).released).toBe(0);
      // A release date before shipment + 48 h fires no earlier than that (the buyer always gets to inspect).
      const later = new Date(Date.now() + 49 * 3600_000);
      clock.now = () => later;
      // Two passes at once (two scheduler processes): the release happens once.
      await Promise.all([runDueJobs(app.deps), runDueJobs(app.deps)]);
      await runDueJobs(app.deps);
      const transaction = (await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction;
      expect(transaction).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
      expect(transaction.completedAt).toBe(later.toISOString());
      const { conditions } = (await get(app, buyer, `/api/payment-conditions/transaction/${id}`)).json().data;
      expect(conditions[0]).toMatchObject({
        conditionType: 'TIME_BASED',
        isMet: true,
        metAt: later.toISOString(),
      });
      expect(await walletBalance(app, seller)).toBe(sellerBefore + 1000);
      const activities = (await get(app, buyer, `/api/transactions/${id}/activities`)).json().data.activities;
      expect(activities.filter((a: { action: string }) => a.action === 'funds_released')).toHaveLength(1);
    } finally {
      clock.now = realNow;
    }
  });
});
