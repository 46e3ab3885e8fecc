import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { disputeBody } from '../disputes/disputes.test-support.ts';
import {
  createTransaction,
  createUser,
  deposit,
  get,
  join,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

/**
 * Milestone races on PostgreSQL (real concurrency, two app instances): an acceptance against the
 * scheduler's automatic acceptance, acceptances of the last two milestones at once, and an acceptance
 * against a dispute. Each milestone is released exactly once, and the ledger stays balanced.
 */
describe.runIf(Boolean(inject('databaseUrl')))('milestone races on PostgreSQL', () => {
  let app: App;
  let other: App;
  let admin: TestUser;
  let offset = 0;
  const DAY = 86_400_000;

  beforeAll(async () => {
    app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
    other = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
    for (const instance of [app, other]) instance.deps.clock.now = () => new Date(Date.now() + offset);
    admin = await createUser(app, 'Admin');
    await makeAdmin(app, admin);
  });
  afterAll(async () => {
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
    await other.close();
    await app.close();
  });

  /** A paid two-milestone trade (₦1,000 + ₦1,000, fee paid by the buyer) with both delivered. */
  async function deliveredTrade() {
    const buyer = await createUser(app, 'Race');
    const seller = await createUser(app, 'Mile');
    const { transaction, code } = await createTransaction(app, seller, {
      creatorRole: 'SELLER',
      price: 2000,
      milestones: [
        { title: 'First half', amount: 1000 },
        { title: 'Second half', amount: 1000 },
      ],
    });
    expect((await join(app, buyer, code)).statusCode).toBe(200);
    await deposit(app, buyer, transaction.total);
    const paid = await put(app, buyer, `/api/transactions/${transaction.id}/confirm-payment`, {
      paymentMethod: 'WALLET',
    });
    const t = paid.json().data.transaction as Transaction;
    for (const m of t.milestones) {
      const res = await post(app, seller, `/api/transactions/${t.id}/milestones/${m.id}/deliver`, {
        note: 'Done',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { buyer, seller, t };
  }
  const acceptPath = (t: Transaction, i: number) =>
    `/api/transactions/${t.id}/milestones/${t.milestones[i]!.id}/accept`;

  it('an acceptance racing the automatic acceptance releases the milestone once', async () => {
    const { buyer, seller, t } = await deliveredTrade();
    const before = await walletBalance(app, seller);
    offset = 3 * DAY + 60_000;
    try {
      const [res] = await Promise.all([
        post(other, buyer, acceptPath(t, 0)),
        runDueJobs(app.deps),
        post(app, buyer, acceptPath(t, 1)),
      ]);
      expect([200, 409]).toContain(res.statusCode);
    } finally {
      offset = 0;
    }
    const view = (await get(app, seller, `/api/transactions/${t.id}`)).json().data.transaction as Transaction;
    expect(view.status).toBe('COMPLETED');
    expect(view.milestones.map((m) => m.status)).toEqual(['RELEASED', 'RELEASED']);
    expect(await walletBalance(app, seller)).toBe(before + 2000);
  });

  it('20 acceptances of each of the last two milestones at once: each released once, the trade completes', async () => {
    const { buyer, seller, t } = await deliveredTrade();
    const before = await walletBalance(app, seller);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 ? other : app, buyer, acceptPath(t, i % 2))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    const view = (await get(app, seller, `/api/transactions/${t.id}`)).json().data.transaction;
    expect(view).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
    expect(await walletBalance(app, seller)).toBe(before + 2000);
  });

  it('an acceptance racing a dispute: either the milestone is paid before, or the dispute freezes it', async () => {
    const { buyer, seller, t } = await deliveredTrade();
    const before = await walletBalance(app, seller);
    const [accepted, raised] = await Promise.all([
      post(app, buyer, acceptPath(t, 0)),
      post(other, seller, '/api/disputes', disputeBody(t.id)),
    ]);
    expect(raised.statusCode, raised.body).toBe(201);
    expect([200, 409]).toContain(accepted.statusCode);
    const view = (await get(app, seller, `/api/transactions/${t.id}`)).json().data.transaction as Transaction;
    expect(view.status).toBe('DISPUTED');
    const paid = (await walletBalance(app, seller)) - before;
    expect(paid).toBe(accepted.statusCode === 200 ? 1000 : 0);
    expect(view.milestones[0]!.status).toBe(accepted.statusCode === 200 ? 'RELEASED' : 'DELIVERED');
    // The dispute settles what is left: a release pays exactly the rest.
    const decided = await post(app, admin, `/api/disputes/${raised.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'RELEASE_PAYMENT',
      reason: 'Work delivered',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await walletBalance(app, seller)) - before).toBe(2000);
  });
});
