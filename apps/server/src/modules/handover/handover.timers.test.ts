import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_TEXT } from '@escrow/shared/schemas/handover';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, get, ledgerCheck, makeAdmin, type TestUser } from '../../testing/test-kit.ts';
import {
  enterCode,
  handoverUrl,
  mentions,
  paidInPersonTrade,
  releaseCodeOf,
  wrongCodeFor,
  type Parties,
} from './handover.test-support.ts';

/** The handover's timed rules on a controlled clock: the lock after wrong codes, and the reminders. */
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let app: App;
let admin: TestUser;
beforeAll(async () => {
  // Sessions outlive the reminders' week.
  app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 30) });
  admin = await createUser(app, 'Root');
  await makeAdmin(app, admin);
});
afterAll(async () => {
  expect((await ledgerCheck(app, admin)).ok).toBe(true);
  await app.close();
});
afterEach(() => {
  app.deps.clock.now = () => new Date();
});

const at = (ms: number) => {
  app.deps.clock.now = () => new Date(ms);
};
/** A fresh buyer and seller per test: wallets and notification lists are the test's own. */
const pair = async (): Promise<Parties> => {
  const [buyer, seller] = await Promise.all([createUser(app, 'Bola'), createUser(app, 'Sade')]);
  return { buyer, seller };
};
const transactionOf = async (id: string, who: TestUser) =>
  (await get(app, who, `/api/transactions/${id}`)).json().data.transaction;
const notificationsOf = async (who: TestUser, id: string) =>
  (await get(app, who, '/api/notifications?limit=100'))
    .json()
    .data.notifications.filter((n: { transactionId: string }) => n.transactionId === id) as {
    title: string;
    message: string;
    type: string;
  }[];

describe('the lock', () => {
  it('five wrong codes in an hour lock entry for an hour, tell the buyer, and refuse the right code too', async () => {
    const parties = await pair();
    const { buyer, seller } = parties;
    const id = await paidInPersonTrade(app, parties);
    const code = await releaseCodeOf(app, buyer, id);
    const start = Date.now();
    for (const [i, left] of [4, 3, 2, 1].entries()) {
      at(start + i * 10 * 60_000);
      const res = await enterCode(app, seller, id, wrongCodeFor(code));
      expect(res.statusCode).toBe(422);
      expect(res.json().details).toEqual({ triesLeft: left });
    }
    at(start + 45 * 60_000);
    const fifth = await enterCode(app, seller, id, wrongCodeFor(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('3600');
    expect(fifth.json()).toMatchObject({ code: 'HANDOVER_LOCKED', details: { triesLeft: 0 } });
    expect(fifth.json().error).toMatch(/^That release code is not correct\. .*locked until \d\d:\d\d WAT\.$/);

    at(start + 50 * 60_000);
    const right = await enterCode(app, seller, id, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatch(/^Too many wrong codes\. Code entry is locked until \d\d:\d\d WAT\.$/);
    expect(Number(right.headers['retry-after'])).toBe(55 * 60);
    expect((await transactionOf(id, buyer)).status).toBe('WAITING_FOR_HANDOVER');

    // The buyer sees the lock on the code card and was told, without the code.
    const read = (await get(app, buyer, handoverUrl(id))).json().data;
    expect(new Date(read.lockedUntil).getTime()).toBe(start + 45 * 60_000 + HOUR);
    const notes = await notificationsOf(buyer, id);
    const locked = notes.filter((n) => n.title === HANDOVER_TEXT.lockedTitle);
    expect(locked).toHaveLength(1);
    expect(locked[0]!.type).toBe('SYSTEM');
    expect(mentions(JSON.stringify(notes), code)).toBe(false);

    at(start + 45 * 60_000 + HOUR + 1000);
    expect((await get(app, buyer, handoverUrl(id))).json().data.lockedUntil).toBeNull();
    const after = await enterCode(app, seller, id, code);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.transaction.status).toBe('COMPLETED');
  });

  it('counts only wrong codes of the last hour', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    const code = await releaseCodeOf(app, parties.buyer, id);
    const start = Date.now();
    for (let i = 0; i < 4; i += 1) {
      at(start + i * 60_000);
      expect((await enterCode(app, parties.seller, id, wrongCodeFor(code))).statusCode).toBe(422);
    }
    at(start + HOUR + 5 * 60_000);
    const res = await enterCode(app, parties.seller, id, wrongCodeFor(code));
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual({ triesLeft: 4 });
  });
});

describe('reminders', () => {
  const reminders = async (who: TestUser, id: string) =>
    (await notificationsOf(who, id))
      .filter(
        (n) => n.title === HANDOVER_TEXT.reminderBuyerTitle || n.title === HANDOVER_TEXT.reminderSellerTitle,
      )
      .map((n) => n.message)
      .reverse();

  it('reminds both parties 3 and 7 days after payment, once each', async () => {
    const parties = await pair();
    const paidAt = Date.now();
    const id = await paidInPersonTrade(app, parties);
    const code = await releaseCodeOf(app, parties.buyer, id);

    at(paidAt + 3 * DAY - HOUR);
    await runDueJobs(app.deps);
    expect(await reminders(parties.buyer, id)).toEqual([]);

    at(paidAt + 3 * DAY + HOUR);
    await Promise.all([runDueJobs(app.deps), runDueJobs(app.deps)]);
    await runDueJobs(app.deps);
    expect(await reminders(parties.buyer, id)).toEqual([
      HANDOVER_TEXT.reminderBuyer('"Used iPhone 13, 128GB"', 3),
    ]);
    expect(await reminders(parties.seller, id)).toEqual([
      HANDOVER_TEXT.reminderSeller('"Used iPhone 13, 128GB"', 3),
    ]);

    at(paidAt + 7 * DAY + HOUR);
    await runDueJobs(app.deps);
    await runDueJobs(app.deps);
    expect(await reminders(parties.buyer, id)).toHaveLength(2);
    expect((await reminders(parties.seller, id))[1]).toBe(
      HANDOVER_TEXT.reminderSeller('"Used iPhone 13, 128GB"', 7),
    );
    at(paidAt + 20 * DAY);
    await runDueJobs(app.deps);
    expect(await reminders(parties.seller, id)).toHaveLength(2);
    expect(mentions(JSON.stringify(await notificationsOf(parties.seller, id)), code)).toBe(false);
    // No automatic release: the trade still waits for the buyer's code.
    expect((await transactionOf(id, parties.buyer)).status).toBe('WAITING_FOR_HANDOVER');
  });

  it('a trade first seen after 7 days gets only the 7-day reminder; a finished trade gets none', async () => {
    const late = await pair();
    const done = await pair();
    const paidAt = Date.now();
    const lateId = await paidInPersonTrade(app, late);
    const doneId = await paidInPersonTrade(app, done);
    const code = await releaseCodeOf(app, done.buyer, doneId);
    expect((await enterCode(app, done.seller, doneId, code)).statusCode).toBe(200);

    at(paidAt + 8 * DAY);
    await runDueJobs(app.deps);
    expect(await reminders(late.buyer, lateId)).toEqual([
      HANDOVER_TEXT.reminderBuyer('"Used iPhone 13, 128GB"', 7),
    ]);
    expect(await reminders(done.buyer, doneId)).toEqual([]);
    expect(await reminders(done.seller, doneId)).toEqual([]);
    // The buyer who never opened the code can still read it.
    expect(await releaseCodeOf(app, late.buyer, lateId)).toMatch(/^[0-9]{6}$/);
  });
});
