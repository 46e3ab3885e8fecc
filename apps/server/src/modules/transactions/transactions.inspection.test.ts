import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeAutoReleaseAt, INSPECTION_TEXT } from '@escrow/shared/domain/disputes';
import { todayInLagos } from '@escrow/shared/domain/nigeria';
import type { App } from '../../app.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { autoReleaseDue, sendAutoReleaseReminders } from './transactions.inspection.ts';
import {
  checklist,
  createUser,
  driveTo,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  shipment,
  uploadPhoto,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

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

const transaction = async (id: string, who: TestUser = buyer) =>
  (await get(app, who, `/api/transactions/${id}`)).json().data.transaction;
const at = (ms: number) => {
  app.deps.clock.now = () => new Date(ms);
};
/** A fresh buyer and seller, so wallet amounts and notification lists are this test's own. */
const pair = async () => {
  const [b, s] = await Promise.all([createUser(app, 'Kemi'), createUser(app, 'Tayo')]);
  return { buyer: b, seller: s };
};
const deadlineOf = async (id: string, who: TestUser) =>
  new Date((await transaction(id, who)).autoReleaseAt).getTime();
/** The titles of the reminders this buyer got for this transaction, oldest first. */
const reminderTitles = async (who: TestUser, id: string): Promise<string[]> =>
  (await get(app, who, '/api/notifications?limit=100'))
    .json()
    .data.notifications.filter(
      (n: { title: string; transactionId: string }) =>
        n.transactionId === id && n.title.startsWith('Payment will be released in'),
    )
    .map((n: { title: string }) => n.title)
    .reverse();
const row = async (id: string) =>
  (await app.deps.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

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

  it('counts a calendar delivery date (Lagos) in whole days, and an unreadable one as 0', () => {
    const shippedAt = new Date('2026-05-01T10:00:00Z'); // 11:00 in Lagos
    // 3 May 00:00 Lagos is 1 day 13 h ahead: 2 days, + 3 days of inspection.
    expect(computeAutoReleaseAt(shippedAt, '2026-05-03', 3).getTime() - shippedAt.getTime()).toBe(5 * DAY);
    expect(computeAutoReleaseAt(shippedAt, '2026-05-01', 3).getTime() - shippedAt.getTime()).toBe(3 * DAY);
    expect(computeAutoReleaseAt(shippedAt, 'soon', 3).getTime() - shippedAt.getTime()).toBe(3 * DAY);
    expect(computeAutoReleaseAt(shippedAt, null, 3).getTime() - shippedAt.getTime()).toBe(3 * DAY);
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
    expect(t.inspectionExtendedAt).toBeNull();
    // The buyer's shipping notification names the date.
    const shipped = (await get(app, buyer, '/api/notifications?limit=100'))
      .json()
      .data.notifications.find(
        (n: { title: string; transactionId: string }) =>
          n.transactionId === id && n.title === 'Your item has shipped',
      );
    expect(shipped.message).toContain('released to the seller automatically on');
  });

  it.each([
    ['near', 5, 5],
    ['far (capped at 14 days)', 40, 14],
  ])('adds the days until a %s estimated delivery date', async (_label, ahead, counted) => {
    const parties = await pair();
    const id = await driveTo(app, parties, 'WAITING_FOR_SHIPMENT');
    const estimated = todayInLagos(new Date(Date.now() + ahead * DAY));
    const shippedAt = await driveShip(id, parties.seller, estimated);
    const window = (await deadlineOf(id, parties.buyer)) - shippedAt;
    const days = counted + app.deps.config.INSPECTION_DAYS;
    expect(window).toBeGreaterThan((days - 1) * DAY);
    expect(window).toBeLessThanOrEqual(days * DAY);
  });
});

describe('reminders and the automatic release', () => {
  it('reminds the buyer 48 h and 24 h before, once each, then releases to the seller exactly once', async () => {
    const seller = await createUser(app, 'Solo');
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const buyerBefore = await walletBalance(app, buyer);
    const releaseAt = new Date((await transaction(id)).autoReleaseAt).getTime();

    at(releaseAt - 49 * HOUR);
    await runDueJobs(app.deps);
    expect(await reminderTitles(buyer, id)).toEqual([]);
    at(releaseAt - 47 * HOUR);
    await runDueJobs(app.deps);
    await runDueJobs(app.deps);
    expect(await reminderTitles(buyer, id)).toEqual(['Payment will be released in 48 hours']);
    at(releaseAt - 23 * HOUR);
    await runDueJobs(app.deps);
    await runDueJobs(app.deps);
    expect(await reminderTitles(buyer, id)).toEqual([
      'Payment will be released in 48 hours',
      'Payment will be released in 24 hours',
    ]);
    const notes = (await get(app, buyer, '/api/notifications?limit=100')).json().data.notifications;
    const latest = notes.find((n: { transactionId: string }) => n.transactionId === id);
    expect(latest).toMatchObject({ priority: 'HIGH', type: 'TRANSACTION_UPDATE' });
    expect(latest.message).toMatch(/confirm receipt/i);
    expect(latest.message).toMatch(/raise a dispute/i);
    expect(latest.message).toMatch(/extend the inspection period once/i);
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
    expect(await walletBalance(app, buyer)).toBe(buyerBefore);
    const activities = (await get(app, buyer, `/api/transactions/${id}/activities`)).json().data.activities;
    expect(activities[0]).toMatchObject({ description: INSPECTION_TEXT.autoReleased, userRole: 'SYSTEM' });
    expect(
      activities.filter(
        (a: { action: string }) => a.action === 'funds_released' || a.action === 'receipt_confirmed',
      ),
    ).toHaveLength(1);
    const sellerNotes = (await get(app, seller, '/api/notifications')).json().data.notifications;
    expect(sellerNotes[0]).toMatchObject({ title: 'Funds released', transactionId: id });
    const buyerNotes = (await get(app, buyer, '/api/notifications')).json().data.notifications;
    expect(buyerNotes[0]).toMatchObject({ title: 'Payment released automatically', transactionId: id });
    // E-mails to both parties.
    expect(await mailsTo(app, seller.email, { subject: 'Funds released' })).toHaveLength(1);
    expect(await mailsTo(app, buyer.email, { subject: 'released automatically' })).not.toHaveLength(0);
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
    // The buyer's confirmation after the automatic release is refused: the escrow is gone.
    expect((await put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist)).statusCode).toBe(
      409,
    );
    expect(await walletBalance(app, seller)).toBe(1000);
  });

  it('a window first seen under 24 h gets only the 24 h reminder', async () => {
    const parties = await pair();
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION');
    const releaseAt = await deadlineOf(id, parties.buyer);
    at(releaseAt - 20 * HOUR);
    expect(await sendAutoReleaseReminders(app.deps)).toBeGreaterThanOrEqual(1);
    await runDueJobs(app.deps);
    at(releaseAt - 2 * HOUR);
    await runDueJobs(app.deps);
    expect(await reminderTitles(parties.buyer, id)).toEqual(['Payment will be released in 24 hours']);
    const stored = await row(id);
    expect(stored.autoReleaseReminder24SentAt).not.toBeNull();
    expect(stored.autoReleaseReminder48SentAt).not.toBeNull();
    const mails = await mailsTo(app, parties.buyer.email, { atLeast: 3, timeoutMs: 500 });
    expect(mails.map((m) => m.subject).filter((s) => s.includes('will be released'))).toEqual([
      expect.stringContaining('in 24 hours'),
    ]);
  });

  it('an e-mail that fails is logged; the release stands', async () => {
    const parties = await pair();
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION');
    const releaseAt = await deadlineOf(id, parties.buyer);
    const send = app.deps.mailer.send;
    const warn = vi.spyOn(app.deps.log, 'warn');
    app.deps.mailer.send = () => Promise.reject(new Error('SMTP is down'));
    try {
      at(releaseAt + 1000);
      expect(await autoReleaseDue(app.deps)).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ transactionId: id }),
          'notification e-mail not sent',
        ),
      );
    } finally {
      app.deps.mailer.send = send;
      warn.mockRestore();
    }
    expect((await transaction(id, parties.buyer)).status).toBe('COMPLETED');
    expect(await walletBalance(app, parties.seller)).toBe(1000);
  });

  it('never releases or reminds while DISPUTED', async () => {
    const parties = await pair();
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION');
    const releaseAt = await deadlineOf(id, parties.buyer);
    const raised = await post(app, parties.buyer, '/api/disputes', {
      transactionId: id,
      disputeType: 'DELIVERY',
      reason: 'Not delivered',
      description: 'Nothing arrived',
    });
    expect(raised.statusCode, raised.body).toBe(201);
    for (const moment of [
      releaseAt - 47 * HOUR,
      releaseAt - 23 * HOUR,
      releaseAt + 1000,
      releaseAt + 30 * DAY,
    ]) {
      at(moment);
      await runDueJobs(app.deps);
    }
    expect((await transaction(id, parties.buyer)).status).toBe('DISPUTED');
    expect(await reminderTitles(parties.buyer, id)).toEqual([]);
    expect(await walletBalance(app, parties.seller)).toBe(0);
    const extend = await post(app, parties.buyer, `/api/transactions/${id}/extend-inspection`, { days: 2 });
    expect(extend.statusCode).toBe(409);
  });
});

describe('extending the window', () => {
  it('lets the buyer extend once by 1-7 days, moving the deadline', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const before = new Date((await transaction(id)).autoReleaseAt).getTime();
    const url = `/api/transactions/${id}/extend-inspection`;
    expect((await post(app, seller, url, { days: 2 })).statusCode).toBe(403);
    const stranger = await createUser(app, 'Nobody');
    expect((await post(app, stranger, url, { days: 2 })).statusCode).toBe(404);
    for (const days of [0, 8, -1, 1.5, 'x', '3', null, true, undefined]) {
      const res = await post(app, buyer, url, days === undefined ? {} : { days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: expect.any(String) });
    }
    const res = await post(app, buyer, url, { days: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INSPECTION_TEXT.extended);
    const t = res.json().data.transaction;
    expect(new Date(t.autoReleaseAt).getTime() - before).toBe(3 * DAY);
    expect(t.inspectionExtendedAt).not.toBeNull();
    expect(t.status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    const again = await post(app, buyer, url, { days: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(INSPECTION_TEXT.alreadyExtended);
    expect(new Date((await transaction(id)).autoReleaseAt).getTime() - before).toBe(3 * DAY);
    const sellerNotes = (await get(app, seller, '/api/notifications')).json().data.notifications;
    expect(sellerNotes[0]).toMatchObject({ title: INSPECTION_TEXT.extended, transactionId: id });
    const activities = (await get(app, buyer, `/api/transactions/${id}/activities`)).json().data.activities;
    expect(activities[0]).toMatchObject({ action: 'inspection_extended', userRole: 'BUYER' });
  });

  it('the moved deadline: reminders again before it, nothing released at the old one', async () => {
    const parties = await pair();
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION');
    const first = await deadlineOf(id, parties.buyer);
    at(first - 47 * HOUR);
    await runDueJobs(app.deps);
    expect(await reminderTitles(parties.buyer, id)).toHaveLength(1);
    const res = await post(app, parties.buyer, `/api/transactions/${id}/extend-inspection`, { days: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const moved = first + 2 * DAY;
    expect(new Date(res.json().data.transaction.autoReleaseAt).getTime()).toBe(moved);
    expect(await row(id)).toMatchObject({
      autoReleaseReminder48SentAt: null,
      autoReleaseReminder24SentAt: null,
    });

    at(first + 1000);
    await runDueJobs(app.deps);
    expect((await transaction(id, parties.buyer)).status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    at(moved - 23 * HOUR);
    await runDueJobs(app.deps);
    expect(await reminderTitles(parties.buyer, id)).toEqual([
      'Payment will be released in 48 hours',
      'Payment will be released in 48 hours',
      'Payment will be released in 24 hours',
    ]);
    // Extended already: the reminder no longer offers an extension.
    const latest = (await get(app, parties.buyer, '/api/notifications')).json().data.notifications[0];
    expect(latest.message).not.toMatch(/extend/i);
    at(moved - 1000);
    await runDueJobs(app.deps);
    expect((await transaction(id, parties.buyer)).status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    at(moved + 1000);
    await runDueJobs(app.deps);
    expect((await transaction(id, parties.buyer)).status).toBe('COMPLETED');
    expect(await walletBalance(app, parties.seller)).toBe(1000);
  });

  it('is refused before shipment and after completion', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    expect(
      (await post(app, buyer, `/api/transactions/${id}/extend-inspection`, { days: 2 })).statusCode,
    ).toBe(409);
    const done = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    expect((await put(app, buyer, `/api/transactions/${done}/confirm-receipt`, checklist)).statusCode).toBe(
      200,
    );
    expect(
      (await post(app, buyer, `/api/transactions/${done}/extend-inspection`, { days: 2 })).statusCode,
    ).toBe(409);
  });

  it('answers hostile input with a 4xx envelope, never a 500', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const badIds = ['not-a-uuid', '0', "1' or '1'='1", 'a'.repeat(65), '%00', '..%2f..%2fadmin', '🙂'];
    for (const bad of badIds) {
      const res = await post(app, buyer, `/api/transactions/${bad}/extend-inspection`, { days: 2 });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    const url = `/api/transactions/${id}/extend-inspection`;
    for (const payload of [[], [{ days: 2 }], { days: 1e308 }, { days: '1e1' }, { days: { $gt: 0 } }]) {
      const res = await post(app, buyer, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const text = await app.inject({
      method: 'POST',
      url,
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: '{"days": 2',
    });
    expect(text.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'POST', url, payload: { days: 2 } });
    expect(anonymous.statusCode).toBe(401);
    // Nothing of it extended the window.
    expect((await transaction(id)).inspectionExtendedAt).toBeNull();
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
    const shipped = await driveShip(id, seller);
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

  it('a date after the floor fires at that date, before the automatic release', async () => {
    const parties = await pair();
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION');
    const shipped = new Date((await transaction(id, parties.buyer)).shippedAt).getTime();
    const releaseDate = shipped + 60 * HOUR;
    const set = await post(app, parties.buyer, '/api/payment-conditions/time-based', {
      transactionId: id,
      releaseDate: new Date(releaseDate).toISOString(),
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    at(releaseDate - 1000);
    await runDueJobs(app.deps);
    expect((await transaction(id, parties.buyer)).status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    at(releaseDate + 1000);
    await runDueJobs(app.deps);
    const t = await transaction(id, parties.buyer);
    expect(t.status).toBe('COMPLETED');
    const activities = (await get(app, parties.buyer, `/api/transactions/${id}/activities`)).json().data
      .activities;
    expect(activities[0].description).toBe('Payment released automatically at the scheduled date');
    // The inspection deadline passes later: nothing is released twice.
    at(new Date(t.autoReleaseAt).getTime() + 1000);
    await runDueJobs(app.deps);
    expect(await walletBalance(app, parties.seller)).toBe(1000);
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
  });
});

/** The seller ships `id` (estimated delivery today in Lagos unless given); answers the shipment time. */
async function driveShip(id: string, by: TestUser, estimatedDelivery?: string): Promise<number> {
  const photo = await uploadPhoto(app, by, id);
  const res = await put(app, by, `/api/transactions/${id}/shipping-details`, {
    shipmentData: { ...shipment([photo], false), ...(estimatedDelivery ? { estimatedDelivery } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Date(res.json().data.transaction.shippedAt).getTime();
}
