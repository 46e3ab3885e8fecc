import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, disputeBody, type Cast } from '../disputes/disputes.test-support.ts';
import {
  checklist,
  createTransaction,
  driveTo,
  get,
  ledgerCheck,
  platformFeesMinor,
  post,
  put,
  walletBalance,
} from '../../testing/test-kit.ts';

/**
 * Who pays the fee (docs/money.md "Who pays the fee"): every wallet and the platform's revenue
 * exact to the kobo through payment, release, full and partial refund, on a price whose fee rounds and
 * is odd in kobo: ₦10,001.00 → fee ₦250.03 (25,002.5 kobo, half-up), so SPLIT puts the odd kobo on the
 * buyer (₦125.02) and the seller pays ₦125.01.
 */
const PRICE = 10_001;
const CASES = [
  { feePayer: 'BUYER', buyerPays: 10_251.03, sellerReceives: 10_001, sellerShare: 0 },
  { feePayer: 'SELLER', buyerPays: 10_001, sellerReceives: 9_750.97, sellerShare: 250.03 },
  { feePayer: 'SPLIT', buyerPays: 10_126.02, sellerReceives: 9_875.99, sellerShare: 125.01 },
] as const;
const FEE = 250.03;

let app: App;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterAll(async () => {
  expect((await ledgerCheck(app, cast.admin)).ok).toBe(true);
  await app.close();
});

const platformFees = () => platformFeesMinor(app);

/** Balances in kobo (exact), so the assertions compare integers. */
const kobo = (major: number) => Math.round(major * 100);
async function balances() {
  return {
    buyer: kobo(await walletBalance(app, cast.buyer)),
    seller: kobo(await walletBalance(app, cast.seller)),
    platform: await platformFees(),
  };
}

async function decide(transactionId: string, resolution: string, amount?: number) {
  const raised = await post(app, cast.buyer, '/api/disputes', disputeBody(transactionId));
  expect(raised.statusCode, raised.body).toBe(201);
  return post(app, cast.admin, `/api/disputes/${raised.json().data.id}/resolutions`, {
    resolutionType: 'ADMIN_DECISION',
    resolution,
    reason: 'Decided on the evidence',
    ...(amount === undefined ? {} : { amount }),
  });
}

describe.each(CASES)('fee paid by $feePayer on ₦10,001.00', (c) => {
  it('shows the amounts to the joiner before joining, and on the view', async () => {
    const { transaction, code } = await createTransaction(app, cast.seller, {
      creatorRole: 'SELLER',
      price: PRICE,
      feePayer: c.feePayer,
    });
    expect(transaction).toMatchObject({
      feePayer: c.feePayer,
      fee: FEE,
      total: c.buyerPays,
      buyerPays: c.buyerPays,
      sellerReceives: c.sellerReceives,
    });
    const preview = await get(app, cast.buyer, `/api/transactions/invite/${code}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.invitation.transaction).toMatchObject({
      feePayer: c.feePayer,
      buyerPays: c.buyerPays,
      sellerReceives: c.sellerReceives,
    });
  });

  it('payment takes what the buyer pays; release gives the seller their amount and the platform the fee', async () => {
    const before = await balances();
    const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION', {
      price: PRICE,
      feePayer: c.feePayer,
    });
    // driveTo deposits exactly the total, so the buyer's wallet is back where it was once paid.
    expect(await balances()).toEqual(before);
    const done = await put(app, cast.buyer, `/api/transactions/${id}/confirm-receipt`, checklist);
    expect(done.statusCode, done.body).toBe(200);
    expect(await balances()).toEqual({
      buyer: before.buyer,
      seller: before.seller + kobo(c.sellerReceives),
      platform: before.platform + kobo(FEE),
    });
  });

  it('a full refund returns everything the buyer paid and charges the seller nothing', async () => {
    const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION', {
      price: PRICE,
      feePayer: c.feePayer,
    });
    const before = await balances();
    const res = await decide(id, 'REFUND_FULL');
    expect(res.statusCode, res.body).toBe(200);
    expect(await balances()).toEqual({
      buyer: before.buyer + kobo(c.buyerPays),
      seller: before.seller,
      platform: before.platform,
    });
  });

  it('a partial refund gives the buyer the amount, the seller the rest less their fee share', async () => {
    const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION', {
      price: PRICE,
      feePayer: c.feePayer,
    });
    const before = await balances();
    const res = await decide(id, 'REFUND_PARTIAL', 4_000.5);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balances()).toEqual({
      buyer: before.buyer + kobo(4_000.5),
      seller: before.seller + kobo(PRICE) - kobo(4_000.5) - kobo(c.sellerShare),
      platform: before.platform + kobo(FEE),
    });
  });

  it('refuses a partial refund the seller part cannot cover, naming the largest amount', async () => {
    const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION', {
      price: PRICE,
      feePayer: c.feePayer,
    });
    const largest = c.sellerShare > 0 ? PRICE - c.sellerShare : PRICE - 0.01;
    const before = await balances();
    const tooMuch = await decide(id, 'REFUND_PARTIAL', Math.round((largest + 0.01) * 100) / 100);
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    if (c.sellerShare > 0)
      expect(tooMuch.json().error).toContain(
        `at most ₦${largest.toLocaleString('en-NG', { minimumFractionDigits: 2 })}`,
      );
    expect(await balances()).toEqual(before);
    // The largest amount itself is allowed: the seller then gets nothing and the platform the fee.
    const disputeId = (await get(app, cast.buyer, `/api/transactions/${id}`)).json().data.transaction
      .disputeId as string;
    const exact = await post(app, cast.admin, `/api/disputes/${disputeId}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_PARTIAL',
      reason: 'Decided on the evidence',
      amount: largest,
    });
    expect(exact.statusCode, exact.body).toBe(200);
    const after = await balances();
    expect(after.buyer - before.buyer).toBe(kobo(largest));
    expect(after.seller - before.seller).toBe(kobo(PRICE) - kobo(largest) - kobo(c.sellerShare));
    expect(after.platform - before.platform).toBe(kobo(FEE));
  });
});

describe('fee payer input', () => {
  it.each([['NOBODY'], [''], [1], [null], [{}]])('refuses feePayer %j with 400', async (feePayer) => {
    const res = await post(app, cast.buyer, '/api/transactions/create', {
      creatorRole: 'BUYER',
      useCourier: false,
      description: 'Generator',
      price: 5000,
      feePayer,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('ignores a client total that disagrees: the server computes what the buyer pays', async () => {
    const { transaction } = await createTransaction(app, cast.buyer, {
      price: PRICE,
      feePayer: 'SELLER',
      total: 1,
      fee: 0,
    });
    expect(transaction).toMatchObject({ fee: FEE, total: PRICE, buyerPays: PRICE });
  });
});
