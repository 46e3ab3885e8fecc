import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { HANDOVER_TEXT } from '@escrow/shared/schemas/handover';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  createUser,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';
import {
  enterCode,
  handoverUrl,
  paidInPersonTrade,
  releaseCodeOf,
  wrongCodeFor,
  type Parties,
} from './handover.test-support.ts';

/**
 * Races need real concurrency: PostgreSQL with a connection pool (PGlite has one connection), and two
 * app instances on the same database for the scheduler. Runs in the service suite (TEST_DATABASE_URL).
 */
describe.runIf(Boolean(inject('databaseUrl')))('handover races on PostgreSQL', () => {
  let app: App;
  let other: App;
  let admin: TestUser;

  beforeAll(async () => {
    // Sessions outlive the reminders' week.
    app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 30) });
    other = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 30) });
    admin = await createUser(app, 'Admin');
    await makeAdmin(app, admin);
  });
  afterAll(async () => {
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
    await other.close();
    await app.close();
  });
  afterEach(() => {
    for (const instance of [app, other]) instance.deps.clock.now = () => new Date();
  });

  const pair = async (): Promise<Parties> => {
    const [buyer, seller] = await Promise.all([createUser(app, 'Race'), createUser(app, 'Handover')]);
    return { buyer, seller };
  };
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;
  const titled = async (who: TestUser, id: string, title: string) =>
    (await get(app, who, '/api/notifications?limit=100'))
      .json()
      .data.notifications.filter(
        (n: { transactionId: string; title: string }) => n.transactionId === id && n.title === title,
      ).length;

  it('20 concurrent entries of the right code: exactly one releases, and the seller is paid once', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties, 1000);
    const code = await releaseCodeOf(app, parties.buyer, id);
    const before = await walletBalance(app, parties.seller);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => enterCode(i % 2 ? other : app, parties.seller, id, code)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 409)).toBe(19);
    expect(await walletBalance(app, parties.seller)).toBe(before + 1000);
    expect(await titled(parties.seller, id, 'Funds released')).toBe(1);
  });

  it('20 concurrent wrong codes: four count down, the fifth locks, the rest are refused; one notice', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    const code = await releaseCodeOf(app, parties.buyer, id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        enterCode(i % 2 ? other : app, parties.seller, id, wrongCodeFor(code)),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(count(statuses, 422)).toBe(4);
    expect(count(statuses, 429)).toBe(16);
    expect(
      results
        .filter((r) => r.statusCode === 422)
        .map((r) => r.json().details.triesLeft)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(await titled(parties.buyer, id, HANDOVER_TEXT.lockedTitle)).toBe(1);
    expect((await enterCode(app, parties.seller, id, code)).statusCode).toBe(429);
  });

  it('a replacement racing an entry of the old code: never both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const parties = await pair();
      const id = await paidInPersonTrade(app, parties);
      const old = await releaseCodeOf(app, parties.buyer, id);
      const [entry, replacement] = await Promise.all([
        enterCode(app, parties.seller, id, old),
        post(other, parties.buyer, `${handoverUrl(id)}/regenerate`),
      ]);
      // Either the old code released first (the replacement is refused), or it was replaced first.
      expect([entry.statusCode, replacement.statusCode].sort()).toEqual(
        entry.statusCode === 200 ? [200, 409] : [200, 422],
      );
    }
  });

  it('two instances sending reminders at once send each one once', async () => {
    const parties = await pair();
    const paidAt = Date.now();
    const id = await paidInPersonTrade(app, parties);
    const both = () => Promise.all([runDueJobs(app.deps), runDueJobs(other.deps)]);
    for (const instance of [app, other])
      instance.deps.clock.now = () => new Date(paidAt + 3 * 86_400_000 + 60_000);
    await both();
    await both();
    expect(await titled(parties.buyer, id, HANDOVER_TEXT.reminderBuyerTitle)).toBe(1);
    expect(await titled(parties.seller, id, HANDOVER_TEXT.reminderSellerTitle)).toBe(1);
    for (const instance of [app, other])
      instance.deps.clock.now = () => new Date(paidAt + 7 * 86_400_000 + 60_000);
    await both();
    await both();
    expect(await titled(parties.buyer, id, HANDOVER_TEXT.reminderBuyerTitle)).toBe(2);
    expect(await titled(parties.seller, id, HANDOVER_TEXT.reminderSellerTitle)).toBe(2);
  });
});
