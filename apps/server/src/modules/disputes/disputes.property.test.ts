import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolutionAction } from '@escrow/shared/domain/disputes';
import type { FeePayer } from '@escrow/shared/domain/fees';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { createUser, get, post, walletBalance } from '../../testing/test-kit.ts';
import { castOf, disputed, propose, type Cast } from './disputes.test-support.ts';

/**
 * Random sequences of propose / accept / reject / escalate / decide / expire (clock jumps) on one
 * dispute, through the real API. Whatever happens: the ledger stays balanced, the escrow is resolved
 * at most once, and the wallets moved by exactly the split of the one outcome that executed (if any).
 */
let app: App;
let shared: Cast;
const HOUR = 3600_000;
beforeAll(async () => {
  app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
  shared = await castOf(app);
});
afterAll(async () => {
  app.deps.clock.now = () => new Date();
  await app.close();
});

const ACTIONS: ResolutionAction[] = ['REFUND_FULL', 'REFUND_PARTIAL', 'RELEASE_PAYMENT', 'NO_ACTION'];
const party = fc.constantFrom('buyer' as const, 'seller' as const);
const action = fc.constantFrom(...ACTIONS);
const step = fc.oneof(
  fc.record({
    kind: fc.constant('propose' as const),
    who: party,
    action,
    share: fc.integer({ min: 1, max: 999 }),
  }),
  fc.record({ kind: fc.constant('accept' as const), who: party }),
  fc.record({ kind: fc.constant('reject' as const), who: party }),
  fc.record({ kind: fc.constant('escalate' as const), who: party }),
  fc.record({ kind: fc.constant('decide' as const), action, share: fc.integer({ min: 1, max: 999 }) }),
  fc.record({ kind: fc.constant('expire' as const), hours: fc.integer({ min: 1, max: 60 }) }),
);

/**
 * The model: what each party gets back from escrow for an outcome, in kobo, written from docs/money.md ("Who
 * pays the fee", "Refunds") and not from domain/disputes.ts. The fee is 2.5% of the price
 * rounded half up; the buyer paid the price and their fee share (BUYER all of it, SELLER none, SPLIT
 * the larger half); a full refund returns all of that, a partial one the agreed share (the seller gets
 * the rest of the price less their fee share), a release pays the seller the price less their fee
 * share, and NO_ACTION moves nothing.
 */
const modelFee = (priceKobo: number) => Math.floor((priceKobo * 25 + 500) / 1000);
function modelMoves(
  outcome: ResolutionAction,
  priceKobo: number,
  feePayer: FeePayer,
  shareKobo: number | null,
): { buyer: number; seller: number } {
  const fee = modelFee(priceKobo);
  const buyerFee = { BUYER: fee, SELLER: 0, SPLIT: fee - Math.floor(fee / 2) }[feePayer];
  const sellerFee = fee - buyerFee;
  switch (outcome) {
    case 'REFUND_FULL':
      return { buyer: priceKobo + buyerFee, seller: 0 };
    case 'REFUND_PARTIAL':
      return { buyer: shareKobo!, seller: priceKobo - shareKobo! - sellerFee };
    case 'RELEASE_PAYMENT':
      return { buyer: 0, seller: priceKobo - sellerFee };
    case 'NO_ACTION':
      return { buyer: 0, seller: 0 };
  }
}

const FEE_PAYERS = ['BUYER', 'SELLER', 'SPLIT'] as const;
// ₦1,000 (fee ₦25.00, an even number of kobo) and ₦1,000.20 (fee 2,500.5 kobo → ₦25.01, odd: SPLIT's odd kobo).
const PRICES = [1000, 1000.2] as const;

describe('any sequence of dispute actions, whoever pays the fee', () => {
  it('leaves the ledger balanced and moves exactly one outcome’s money at most once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...FEE_PAYERS),
        fc.constantFrom(...PRICES),
        async (steps, feePayer, price) => {
          let offset = 0;
          app.deps.clock.now = () => new Date(Date.now() + offset);
          // Fresh parties per run: clock jumps release other runs' trades (the inspection window).
          const cast = {
            ...shared,
            buyer: await createUser(app, 'Prop'),
            seller: await createUser(app, 'Erty'),
          };
          const before = {
            buyer: await walletBalance(app, cast.buyer),
            seller: await walletBalance(app, cast.seller),
          };
          const { disputeId, transactionId } = await disputed(app, cast, { feePayer, price });
          // The buyer's wallet paid the escrow (deposited, then held): it is back where it started.
          expect(await walletBalance(app, cast.buyer)).toBe(before.buyer);
          for (const s of steps) {
            const user = 'who' in s ? cast[s.who] : cast.support;
            if (s.kind === 'propose')
              await propose(app, user, disputeId, s.action, {
                amount: s.action === 'REFUND_PARTIAL' ? s.share : undefined,
              });
            else if (s.kind === 'accept' || s.kind === 'reject') {
              const view = (await get(app, user, `/api/disputes/${disputeId}`)).json().data.dispute;
              const pending = view.resolutions.find((r: { status: string }) => r.status === 'PENDING');
              if (pending) await post(app, user, `/api/disputes/resolutions/${pending.id}/${s.kind}`);
            } else if (s.kind === 'escalate')
              await post(app, user, `/api/disputes/${disputeId}/escalate`, {});
            else if (s.kind === 'decide')
              await post(app, shared.support, `/api/disputes/${disputeId}/resolutions`, {
                resolutionType: 'ADMIN_DECISION',
                resolution: s.action,
                amount: s.action === 'REFUND_PARTIAL' ? s.share : undefined,
                reason: 'Decided',
              });
            else {
              offset += s.hours * HOUR;
              await runDueJobs(app.deps);
            }
          }
          const view = (await get(app, cast.buyer, `/api/disputes/${disputeId}`)).json().data.dispute;
          const executed = view.resolutions.filter((r: { status: string }) => r.status === 'ACCEPTED');
          expect(executed.length).toBeLessThanOrEqual(1);
          const t = (await get(app, cast.buyer, `/api/transactions/${transactionId}`)).json().data
            .transaction;
          const after = {
            buyer: await walletBalance(app, cast.buyer),
            seller: await walletBalance(app, cast.seller),
          };
          if (executed.length === 0) {
            expect(view.status).not.toBe('RESOLVED');
            expect(t.status).toBe('DISPUTED');
            expect(after).toEqual(before);
          } else {
            const outcome = executed[0] as { resolution: ResolutionAction; amount: number | null };
            expect(view.resolution).toBe(outcome.resolution);
            // After NO_ACTION the trade goes on: a later clock jump may end its inspection window (a release).
            const released = outcome.resolution === 'NO_ACTION' && t.status === 'COMPLETED';
            const priceKobo = Math.round(price * 100);
            expect(Math.round(t.fee * 100)).toBe(modelFee(priceKobo));
            const expected = modelMoves(
              released ? 'RELEASE_PAYMENT' : outcome.resolution,
              priceKobo,
              feePayer,
              outcome.amount === null ? null : Math.round(outcome.amount * 100),
            );
            const moved = (a: number, b: number) => Math.round((a - b) * 100);
            expect(moved(after.buyer, before.buyer)).toBe(expected.buyer);
            expect(moved(after.seller, before.seller)).toBe(expected.seller);
          }
          const report = await checkLedger(app.deps.db);
          expect(report.problems).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
