import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { INSPECTION_TEXT } from '@escrow/shared/domain/disputes';
import type { App } from '../../app.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { transactionActivities as activities } from '../../db/schema/activities.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  checklist,
  createUser,
  driveTo,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The inspection window under real concurrency: two app instances (two pools) on one PostgreSQL, the
 * same controlled clock. Runs in the service suite (TEST_DATABASE_URL). The database is shared with
 * other files, so moving the clock also touches their rows: every assertion is about this file's rows.
 */
describe.runIf(Boolean(inject('databaseUrl')))('the inspection window on PostgreSQL', () => {
  let app: App;
  let other: App;
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
    other = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
    admin = await createUser(app, 'Admin');
    await makeAdmin(app, admin);
  });
  afterEach(() => {
    app.deps.clock.now = () => new Date();
    other.deps.clock.now = () => new Date();
  });
  afterAll(async () => {
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
    await other.close();
    await app.close();
  });

  /** Both instances at the same moment. */
  const at = (ms: number) => {
    app.deps.clock.now = () => new Date(ms);
    other.deps.clock.now = () => new Date(ms);
  };
  const both = () => Promise.all([runDueJobs(app.deps), runDueJobs(other.deps)]);

  /** `count` transactions of one buyer and one seller awaiting confirmation; their deadlines. */
  async function awaiting(count: number) {
    const buyer = await createUser(app, 'Bisi');
    const seller = await createUser(app, 'Chidi');
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push(await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION'));
    const rows = await app.deps.db
      .select({ autoReleaseAt: transactions.autoReleaseAt })
      .from(transactions)
      .where(inArray(transactions.id, ids));
    const deadlines = rows.map((r) => r.autoReleaseAt!.getTime());
    return { buyer, seller, ids, first: Math.min(...deadlines), last: Math.max(...deadlines) };
  }

  const statusesOf = async (ids: string[]) =>
    new Map(
      (
        await app.deps.db
          .select({ id: transactions.id, status: transactions.status })
          .from(transactions)
          .where(inArray(transactions.id, ids))
      ).map((r) => [r.id, r.status]),
    );

  /** Per transaction, how many notifications with this title were written. */
  const REMINDER = 'Payment will be released in {hours} hours';
  /**
   * Per transaction, how many notifications with this title (stored as the message id; `hours`: the
   * reminders' value, 48 or 24).
   */
  async function notesPerTransaction(ids: string[], title: string, hours?: number) {
    const rows = await app.deps.db
      .select({ transactionId: notifications.transactionId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          inArray(notifications.transactionId, ids),
          eq(notifications.title, title),
          hours === undefined ? undefined : sql`${notifications.params}->>'hours' = ${String(hours)}`,
        ),
      )
      .groupBy(notifications.transactionId);
    return ids.map((id) => rows.find((r) => r.transactionId === id)?.n ?? 0);
  }

  /** Per transaction, how many release activities (any release path) were written. */
  async function releasesPerTransaction(ids: string[]) {
    const rows = await app.deps.db
      .select({ transactionId: activities.transactionId, n: sql<number>`count(*)::int` })
      .from(activities)
      .where(
        and(
          inArray(activities.transactionId, ids),
          inArray(activities.action, ['funds_released', 'receipt_confirmed']),
        ),
      )
      .groupBy(activities.transactionId);
    return ids.map((id) => rows.find((r) => r.transactionId === id)?.n ?? 0);
  }

  it('two instances running the jobs at once: each reminder once, each release once', async () => {
    const { seller, ids, first, last } = await awaiting(4);
    const before = await walletBalance(app, seller);

    at(last - 47 * HOUR);
    await both();
    await both();
    expect(await notesPerTransaction(ids, REMINDER, 48)).toEqual([1, 1, 1, 1]);
    expect(await notesPerTransaction(ids, REMINDER, 24)).toEqual([0, 0, 0, 0]);

    at(last - 23 * HOUR);
    await both();
    await both();
    expect(await notesPerTransaction(ids, REMINDER, 48)).toEqual([1, 1, 1, 1]);
    expect(await notesPerTransaction(ids, REMINDER, 24)).toEqual([1, 1, 1, 1]);

    at(first - 1000);
    await both();
    expect([...(await statusesOf(ids)).values()].every((s) => s === 'WAITING_FOR_BUYER_CONFIRMATION')).toBe(
      true,
    );

    at(last + 1000);
    await both();
    await both();
    expect([...(await statusesOf(ids)).values()]).toEqual(ids.map(() => 'COMPLETED'));
    expect(await releasesPerTransaction(ids)).toEqual([1, 1, 1, 1]);
    expect(await notesPerTransaction(ids, 'Funds released')).toEqual([1, 1, 1, 1]);
    expect(await walletBalance(app, seller)).toBe(before + 4 * 1000);
    const described = await app.deps.db
      .select({ description: activities.description, userRole: activities.userRole })
      .from(activities)
      .where(and(inArray(activities.transactionId, ids), eq(activities.action, 'funds_released')));
    expect(described).toEqual(
      ids.map(() => ({ description: INSPECTION_TEXT.autoReleased, userRole: 'SYSTEM' })),
    );
  });

  it('the automatic release racing the buyer confirming receipt: one release each', async () => {
    const { buyer, seller, ids, last } = await awaiting(5);
    const before = await walletBalance(app, seller);
    at(last + 1000);
    const [, , ...confirms] = await Promise.all([
      runDueJobs(app.deps),
      runDueJobs(other.deps),
      ...ids.map((id) => put(other, buyer, `/api/transactions/${id}/confirm-receipt`, checklist)),
    ]);
    for (const res of confirms) expect([200, 409], res.body).toContain(res.statusCode);
    expect([...(await statusesOf(ids)).values()]).toEqual(ids.map(() => 'COMPLETED'));
    expect(await releasesPerTransaction(ids)).toEqual(ids.map(() => 1));
    expect(await walletBalance(app, seller)).toBe(before + 5 * 1000);
  });

  it('the automatic release racing a dispute raised in the same second: one of them, never both', async () => {
    const { buyer, seller, ids, last } = await awaiting(6);
    const sellerBefore = await walletBalance(app, seller);
    const buyerBefore = await walletBalance(app, buyer);
    at(last + 1000);
    const [, ...raised] = await Promise.all([
      runDueJobs(app.deps),
      ...ids.map((transactionId) =>
        post(other, buyer, '/api/disputes', {
          transactionId,
          disputeType: 'DELIVERY',
          reason: 'Not delivered',
          description: 'Nothing arrived before the deadline',
        }),
      ),
    ]);
    // A pass after the race: a disputed transaction stays frozen.
    await both();
    const statuses = await statusesOf(ids);
    const releases = await releasesPerTransaction(ids);
    let completed = 0;
    ids.forEach((id, i) => {
      const res = raised[i]!;
      if (statuses.get(id) === 'DISPUTED') {
        expect(res.statusCode, res.body).toBe(201);
        expect(releases[i]).toBe(0);
      } else {
        expect(statuses.get(id)).toBe('COMPLETED');
        expect(res.statusCode, res.body).toBe(409);
        expect(releases[i]).toBe(1);
        completed += 1;
      }
    });
    expect(await walletBalance(app, seller)).toBe(sellerBefore + completed * 1000);
    expect(await walletBalance(app, buyer)).toBe(buyerBefore);
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
  });

  it('10 racing extensions on two instances: one extends, the others are refused', async () => {
    const { buyer, ids } = await awaiting(1);
    const id = ids[0]!;
    const [before] = await app.deps.db
      .select({ autoReleaseAt: transactions.autoReleaseAt })
      .from(transactions)
      .where(eq(transactions.id, id));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i % 2 ? other : app, buyer, `/api/transactions/${id}/extend-inspection`, { days: 2 }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(res.json().error).toBe(INSPECTION_TEXT.alreadyExtended);
    const [after] = await app.deps.db
      .select({ autoReleaseAt: transactions.autoReleaseAt })
      .from(transactions)
      .where(eq(transactions.id, id));
    expect(after!.autoReleaseAt!.getTime() - before!.autoReleaseAt!.getTime()).toBe(2 * DAY);
  });
});
