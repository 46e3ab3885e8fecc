import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checklist, get, ledgerCheck, post, put, walletBalance } from '../../testing/test-kit.ts';
import { castOf, disputeBody, disputed, pendingId, propose, type Cast } from './disputes.test-support.ts';
import { driveTo } from '../../testing/test-kit.ts';

/**
 * Dispute races need real concurrency: PostgreSQL with a pool, and two app instances on one database
 * (service suite only). Each ends with exactly one winner, the others 409, and the ledger balanced.
 */
describe.runIf(Boolean(inject('databaseUrl')))('dispute races on PostgreSQL', () => {
  let app: App;
  let other: App;
  let cast: Cast;

  beforeAll(async () => {
    app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
    other = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
    cast = await castOf(app);
  });
  afterAll(async () => {
    expect((await ledgerCheck(app, cast.admin)).ok).toBe(true);
    await other.close();
    await app.close();
  });

  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;
  const instance = (i: number) => (i % 2 ? other : app);

  it('10 racing accepts on two instances: one settlement, the buyer refunded once', async () => {
    const before = await walletBalance(app, cast.buyer);
    const { disputeId } = await disputed(app, cast);
    const id = pendingId((await propose(app, cast.seller, disputeId, 'REFUND_FULL')).json());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(instance(i), cast.buyer, `/api/disputes/resolutions/${id}/accept`),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(count(codes, 200), JSON.stringify(codes)).toBe(1);
    expect(count(codes, 409)).toBe(9);
    expect(await walletBalance(app, cast.buyer)).toBe(before + 1025);
  });

  it('an accept racing a staff decision: exactly one executes', async () => {
    for (let round = 0; round < 3; round += 1) {
      const sellerBefore = await walletBalance(app, cast.seller);
      const buyerBefore = await walletBalance(app, cast.buyer);
      const { disputeId, transactionId } = await disputed(app, cast);
      const id = pendingId((await propose(app, cast.buyer, disputeId, 'RELEASE_PAYMENT')).json());
      const [accept, decide] = await Promise.all([
        post(app, cast.seller, `/api/disputes/resolutions/${id}/accept`),
        post(other, cast.support, `/api/disputes/${disputeId}/resolutions`, {
          resolutionType: 'ADMIN_DECISION',
          resolution: 'REFUND_FULL',
          reason: 'Decided by support',
        }),
      ]);
      expect([accept.statusCode, decide.statusCode].sort()).toEqual([200, 409]);
      const t = (await get(app, cast.buyer, `/api/transactions/${transactionId}`)).json().data.transaction;
      if (accept.statusCode === 200) {
        expect(t.status).toBe('COMPLETED');
        expect(await walletBalance(app, cast.seller)).toBe(sellerBefore + 1000);
      } else {
        expect(t.status).toBe('CANCELLED');
        expect(await walletBalance(app, cast.buyer)).toBe(buyerBefore + 1025);
      }
    }
  });

  it('an accept racing the expiry timer on the other instance: accepted or expired, never both', async () => {
    const start = Date.now() + 60_000;
    const { disputeId } = await disputed(app, cast);
    app.deps.clock.now = () => new Date(start);
    other.deps.clock.now = () => new Date(start);
    try {
      const id = pendingId((await propose(app, cast.seller, disputeId, 'NO_ACTION')).json());
      const due = new Date(start + 48 * 3600_000 - 5);
      app.deps.clock.now = () => due;
      other.deps.clock.now = () => new Date(due.getTime() + 10);
      const [accept] = await Promise.all([
        post(app, cast.buyer, `/api/disputes/resolutions/${id}/accept`),
        runDueJobs(other.deps),
      ]);
      const view = (await get(app, cast.buyer, `/api/disputes/${disputeId}`)).json().data.dispute;
      const proposal = view.resolutions.find((r: { id: string }) => r.id === id);
      if (accept.statusCode === 200) expect(proposal.status).toBe('ACCEPTED');
      else {
        expect(accept.statusCode).toBe(409);
        expect(proposal).toMatchObject({ status: 'REJECTED', closedReason: 'expired' });
      }
    } finally {
      app.deps.clock.now = () => new Date();
      other.deps.clock.now = () => new Date();
    }
  });

  it('the expiry timer run by two instances at once: each proposal expires once, with one message', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { disputeId } = await disputed(app, cast);
      await propose(app, cast.seller, disputeId, 'RELEASE_PAYMENT');
      ids.push(disputeId);
    }
    const later = new Date(Date.now() + 49 * 3600_000);
    app.deps.clock.now = () => later;
    other.deps.clock.now = () => later;
    try {
      await Promise.all([runDueJobs(app.deps), runDueJobs(other.deps)]);
      for (const id of ids) {
        const view = (await get(app, cast.buyer, `/api/disputes/${id}`)).json().data.dispute;
        expect(
          view.resolutions.filter((r: { closedReason: string }) => r.closedReason === 'expired'),
        ).toHaveLength(1);
        const systemExpired = view.messages.filter((m: { content: string }) =>
          m.content.includes('expired after 48 hours'),
        );
        expect(systemExpired).toHaveLength(1);
      }
    } finally {
      app.deps.clock.now = () => new Date();
      other.deps.clock.now = () => new Date();
    }
  });

  it('the closing timer run by two instances at once: each resolved dispute closes once, with one message', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { disputeId } = await disputed(app, cast);
      const proposed = await propose(app, cast.seller, disputeId, 'RELEASE_PAYMENT');
      const accepted = await post(
        app,
        cast.buyer,
        `/api/disputes/resolutions/${pendingId(proposed.json())}/accept`,
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      ids.push(disputeId);
    }
    const early = new Date(Date.now() + 6 * 24 * 3600_000);
    const later = new Date(Date.now() + 7 * 24 * 3600_000 + 60_000);
    try {
      app.deps.clock.now = () => early;
      other.deps.clock.now = () => early;
      await Promise.all([runDueJobs(app.deps), runDueJobs(other.deps)]);
      for (const id of ids)
        expect((await get(app, cast.buyer, `/api/disputes/${id}`)).json().data.dispute.status).toBe(
          'RESOLVED',
        );

      app.deps.clock.now = () => later;
      other.deps.clock.now = () => later;
      await Promise.all([runDueJobs(app.deps), runDueJobs(other.deps)]);
      for (const id of ids) {
        const view = (await get(app, cast.buyer, `/api/disputes/${id}`)).json().data.dispute;
        expect(view.status).toBe('CLOSED');
        expect(
          view.messages.filter((m: { content: string }) => m.content === 'This dispute is now closed.'),
        ).toHaveLength(1);
        const late = await post(app, cast.buyer, `/api/disputes/${id}/messages`, {
          content: 'One more thing',
        });
        expect(late.statusCode).toBe(409);
      }
    } finally {
      app.deps.clock.now = () => new Date();
      other.deps.clock.now = () => new Date();
    }
  });

  it('a dispute raised while the buyer confirms receipt: one of them wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION', { price: 1000 });
      const [raise, confirm] = await Promise.all([
        post(other, cast.seller, '/api/disputes', disputeBody(id)),
        put(app, cast.buyer, `/api/transactions/${id}/confirm-receipt`, checklist),
      ]);
      const codes = [raise.statusCode, confirm.statusCode];
      expect(
        codes.filter((c) => c === 409),
        JSON.stringify(codes),
      ).toHaveLength(1);
      const t = (await get(app, cast.buyer, `/api/transactions/${id}`)).json().data.transaction;
      expect(t.status).toBe(raise.statusCode === 201 ? 'DISPUTED' : 'COMPLETED');
    }
  });
});
