import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { computeAutoReleaseAt, INSPECTION_TEXT } from '@escrow/shared/domain/disputes';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import {
  createUser,
  driveTo,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  walletBalance,
  type TestUser,
} from './transactions.test-support.ts';

const DAY = 86_400_000;
const HOUR = 3600_000;
let app: App;
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
  [buyer, seller, admin] = await Promise.all([
    createUser(app, 'Ife'),
    createUser(app, 'Obi'),
    createUser(app, 'Root'),
  ]);
  await makeAdmin(app, admin);
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  app.deps.clock.now = () => new Date();
});

const transaction = async (id: string) =>
  (await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction;
const at = (ms: number) => {
  app.deps.clock.now = () => new Date(ms);
};

describe('the window', () => {
  it.each([
    ['an estimated delivery already past counts 0 days', -3, 3],
    ['two days ahead adds two days', 2, 5],
    ['far ahead is capped at 14 days', 40, 17],
  ])('%s', (_label, deliveryInDays, totalDays) => {
    const shippedAt = new Date('2026-05-01T10:00:00Z');
    const estimated = new Date(shippedAt.getTime() + deliveryInDays * DAY).toISOString();
    expect(computeAutoReleaseAt(shippedAt, estimated, 3).getTime() - shippedAt.getTime()).toBe(
      totalDays * DAY,
    );
  });

  it('starts at shipment: shipment day + inspection period, visible to both parties', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const t = await transaction(id);
    // driveTo ships with today's date as the estimated delivery: the inspection period alone.
    const expected = new Date(t.shippedAt).getTime() + app.deps.config.INSPECTION_DAYS * DAY;
    expect(Math.abs(new Date(t.autoReleaseAt).getTime() - expected)).toBeLessThan(DAY);
    expect((await get(app, seller, `/api/transactions/${id}`)).json().data.transaction.autoReleaseAt).toBe(
      t.autoReleaseAt,
    );
  });
});

describe('reminders and the automatic release', () => {
  it('reminds the buyer 48 h and 24 h before, once each, then releases to the seller exactly once', async () => {
    const seller = await createUser(app, 'Solo');
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const releaseAt = new Date((await transaction(id)).autoReleaseAt).getTime();

    const reminders = async () =>
      (await get(app, buyer, '/api/notifications?limit=100'))
        .json()
        .data.notifications.filter(
          (n: { title: string; transactionId: string }) =>
            n.transactionId === id && n.title.startsWith('Payment will be released in'),
        ).length;
    at(releaseAt - 49 * HOUR);
    await runDueJobs(app.deps);
    expect(await reminders()).toBe(0);
    at(releaseAt - 47 * HOUR);
    await runDueJobs(app.deps);
    await runDueJobs(app.deps);
    expect(await reminders()).toBe(1);
    at(releaseAt - 23 * HOUR);
    await runDueJobs(app.deps);
    expect(await reminders()).toBe(2);
    const mails = await mailsTo(app, buyer.email, { subject: 'will be released in', atLeast: 2 });
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('in 24 hours'),
        expect.stringContaining('in 48 hours'),
      ]),
    );

    at(releaseAt - 1000);
    await runDueJobs(app.deps);
    expect((await transaction(id)).status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    at(releaseAt + 1000);
    await runDueJobs(app.deps);
    await runDueJobs(app.deps);
    expect(await transaction(id)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
    expect(await walletBalance(app, seller)).toBe(1000);
    const activities = (await get(app, buyer, `/api/transactions/${id}/activities`)).json().data.activities;
    expect(activities[0]).toMatchObject({ description: INSPECTION_TEXT.autoReleased, userRole: 'SYSTEM' });
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
  });

  it('never releases a disputed transaction', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const releaseAt = new Date((await transaction(id)).autoReleaseAt).getTime();
    const raised = await post(app, buyer, '/api/disputes', {
      transactionId: id,
      disputeType: 'DELIVERY',
      reason: 'Not delivered',
      description: 'Nothing arrived',
    });
    expect(raised.statusCode, raised.body).toBe(201);
    at(releaseAt + 30 * DAY);
    await runDueJobs(app.deps);
    expect((await transaction(id)).status).toBe('DISPUTED');
  });
});

describe('extending the window', () => {
  it('lets the buyer extend once by 1-7 days, moving the deadline and resetting the reminders', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const before = new Date((await transaction(id)).autoReleaseAt).getTime();
    const url = `/api/transactions/${id}/extend-inspection`;
    expect((await post(app, seller, url, { days: 2 })).statusCode).toBe(403);
    const stranger = await createUser(app, 'Nobody');
    expect((await post(app, stranger, url, { days: 2 })).statusCode).toBe(404);
    for (const days of [0, 8, 1.5, 'x', null, undefined]) {
      const res = await post(app, buyer, url, days === undefined ? {} : { days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const res = await post(app, buyer, url, { days: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INSPECTION_TEXT.extended);
    const t = res.json().data.transaction;
    expect(new Date(t.autoReleaseAt).getTime() - before).toBe(3 * DAY);
    expect(t.inspectionExtendedAt).not.toBeNull();
    const again = await post(app, buyer, url, { days: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(INSPECTION_TEXT.alreadyExtended);
    const sellerNotes = (await get(app, seller, '/api/notifications')).json().data.notifications;
    expect(sellerNotes[0]).toMatchObject({ title: INSPECTION_TEXT.extended, transactionId: id });
  });

  it('is refused before shipment', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    expect(
      (await post(app, buyer, `/api/transactions/${id}/extend-inspection`, { days: 2 })).statusCode,
    ).toBe(409);
  });
});

describe("the buyer's own time-based release", () => {
  it('fires no earlier than 48 h after shipment, even when its date has passed', async () => {
    const sellerBefore = await walletBalance(app, seller);
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const soon = new Date(Date.now() + HOUR).toISOString();
    const set = await post(app, buyer, '/api/payment-conditions/time-based', {
      transactionId: id,
      releaseDate: soon,
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const shipped = await driveShip(id);
    const status = async () => (await transaction(id)).status;
    at(shipped + 2 * HOUR);
    await runDueJobs(app.deps);
    expect(await status()).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    at(shipped + 47 * HOUR);
    await runDueJobs(app.deps);
    expect(await status()).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    at(shipped + 48 * HOUR + 1000);
    await runDueJobs(app.deps);
    expect(await status()).toBe('COMPLETED');
    expect(await walletBalance(app, seller)).toBe(sellerBefore + 1000);
  });
});

async function driveShip(id: string): Promise<number> {
  const { uploadPhoto, shipment } = await import('./transactions.test-support.ts');
  const photo = await uploadPhoto(app, seller, id);
  const res = await put(app, seller, `/api/transactions/${id}/shipping-details`, {
    shipmentData: shipment([photo], false),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Date(res.json().data.transaction.shippedAt).getTime();
}
