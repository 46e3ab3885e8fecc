import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { milestoneRelease, unreleasedRemainder } from '@escrow/shared/domain/milestones';
import { tradeAmounts } from '@escrow/shared/domain/fees';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import type { App } from '../../app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { extractPdfText } from '../../testing/pdf-text.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { transactionLedgerEntries } from '../ledger/index.ts';
import { castOf, disputeBody, type Cast } from '../disputes/disputes.test-support.ts';
import {
  createTransaction,
  createUser,
  deposit,
  get,
  join,
  ledgerCheck,
  post,
  put,
  upload,
  uploadPhoto,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

/**
 * Milestones (docs/money.md "Milestones"): paid once, released part by part with the seller's
 * fee share taken pro rata, a dispute acting on the unreleased remainder. Amounts are checked to the
 * kobo against the shared rules (domain/milestones.ts), and the money moved adds up to what was paid.
 */
const DAY = 86_400_000;
let app: App;
let cast: Cast;
let offset = 0;
beforeAll(async () => {
  app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
  cast = await castOf(app);
  app.deps.clock.now = () => new Date(Date.now() + offset);
});
afterEach(() => {
  offset = 0;
});
afterAll(async () => {
  expect((await ledgerCheck(app, cast.admin)).ok).toBe(true);
  app.deps.clock.now = () => new Date();
  await app.close();
});

const kobo = (major: number) => Math.round(major * 100);
/**
 * What the platform's fee account received from these transactions' entries: the account itself is
 * shared with every other trade (on PostgreSQL, every earlier test file's, whose due jobs the clock jumps
 * below may run), so its balance is not this test's to compare.
 */
async function platformFrom(transactionIds: string[]) {
  let total = 0;
  for (const id of transactionIds)
    for (const entry of await transactionLedgerEntries(app.deps.db, id))
      for (const leg of entry.postings) if (leg.account === 'platform:fees:NGN') total += kobo(leg.amount);
  return total;
}
async function balances(buyer: TestUser, seller: TestUser, transactionIds: string[] = []) {
  return {
    buyer: kobo(await walletBalance(app, buyer)),
    seller: kobo(await walletBalance(app, seller)),
    platform: await platformFrom(transactionIds),
  };
}

const THREE = [
  { title: 'Foundation', amount: 3000 },
  { title: 'Walls and roof', amount: 3000.5, description: 'Blocks, lintels and roofing sheets' },
  { title: 'Finishing', amount: 4000.5, dueDate: '2099-01-31' },
];
const PRICE = 10_001; // fee ₦250.03: odd in kobo, so pro-rata shares and SPLIT both round

/** A paid milestone trade created by the seller; returns the transaction as the buyer sees it. */
async function paidMilestoneTrade(
  buyer: TestUser,
  seller: TestUser,
  feePayer: 'BUYER' | 'SELLER' | 'SPLIT' = 'SPLIT',
  milestones = THREE,
) {
  const { transaction, code } = await createTransaction(app, seller, {
    creatorRole: 'SELLER',
    price: PRICE,
    feePayer,
    milestones,
  });
  expect((await join(app, buyer, code)).statusCode).toBe(200);
  await deposit(app, buyer, transaction.total);
  const paid = await put(app, buyer, `/api/transactions/${transaction.id}/confirm-payment`, {
    paymentMethod: 'WALLET',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.transaction as Transaction;
}

const parts = THREE.map((m) => ({ amountMinor: kobo(m.amount) }));
const trade = (feePayer: 'BUYER' | 'SELLER' | 'SPLIT') => {
  const t = tradeAmounts(kobo(PRICE), feePayer);
  return { priceMinor: t.priceMinor, feeMinor: t.feeMinor, feePayer };
};

function deliver(
  seller: TestUser,
  t: Transaction,
  index: number,
  body: unknown = { note: 'Done, see photos' },
) {
  return post(app, seller, `/api/transactions/${t.id}/milestones/${t.milestones[index]!.id}/deliver`, body);
}
function accept(buyer: TestUser, t: Transaction, index: number) {
  return post(app, buyer, `/api/transactions/${t.id}/milestones/${t.milestones[index]!.id}/accept`);
}

describe('a milestone trade', () => {
  it('accepted, auto-accepted, then a partial refund of the rest: every kobo accounted for', async () => {
    const buyer = await createUser(app, 'Mide');
    const seller = await createUser(app, 'Lanre');
    const start = await balances(buyer, seller);
    const t = await paidMilestoneTrade(buyer, seller, 'SPLIT');
    expect(t).toMatchObject({ status: 'IN_PROGRESS', buyerPays: 10_126.02, sellerReceives: 9_875.99 });
    expect(t.milestones.map((m) => [m.title, m.amount, m.status])).toEqual([
      ['Foundation', 3000, 'PENDING'],
      ['Walls and roof', 3000.5, 'PENDING'],
      ['Finishing', 4000.5, 'PENDING'],
    ]);
    expect(t.milestones[2]!.dueDate).toBe('2099-01-31');
    const releases = [0, 1, 2].map((i) => milestoneRelease(trade('SPLIT'), parts, i));
    expect(t.milestones.map((m) => kobo(m.sellerReceives))).toEqual(releases.map((r) => r.sellerMinor));

    // 1: delivered with a note, accepted by the buyer.
    const delivered = await deliver(seller, t, 0);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const first = delivered.json().data.transaction.milestones[0];
    expect(first).toMatchObject({ status: 'DELIVERED', deliveryNote: 'Done, see photos' });
    expect(Date.parse(first.autoReleaseAt) - Date.parse(first.deliveredAt)).toBe(3 * DAY);
    const accepted = await accept(buyer, t, 0);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.transaction).toMatchObject({ status: 'IN_PROGRESS' });
    const afterFirst = await balances(buyer, seller, [t.id]);
    expect(afterFirst.seller - start.seller).toBe(releases[0]!.sellerMinor);
    expect(afterFirst.platform - start.platform).toBe(releases[0]!.platformMinor);

    // 2: delivered with a photo and a file; its inspection window runs out: accepted by the scheduler.
    const photo = await uploadPhoto(app, seller, t.id);
    const uploaded = await upload(
      app,
      seller,
      { purpose: 'milestone_file', transactionId: t.id },
      { name: 'plan.pdf', data: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json().data.upload.id as string;
    // The file is the seller's draft until a delivery carries it.
    expect((await get(app, buyer, `/api/uploads/${file}`)).statusCode).toBe(404);
    const second = await deliver(seller, t, 1, { note: 'Roof is on', files: [photo, file] });
    expect(second.statusCode, second.body).toBe(200);
    expect((await get(app, buyer, `/api/uploads/${file}`)).statusCode).toBe(200);
    offset = 3 * DAY + 60_000;
    await runDueJobs(app.deps);
    const view = (await get(app, buyer, `/api/transactions/${t.id}`)).json().data.transaction as Transaction;
    expect(view.milestones.map((m) => m.status)).toEqual(['RELEASED', 'RELEASED', 'PENDING']);
    const afterSecond = await balances(buyer, seller, [t.id]);
    expect(afterSecond.seller - afterFirst.seller).toBe(releases[1]!.sellerMinor);

    // 3: delivered, disputed, settled by a partial refund of the unreleased remainder.
    expect((await deliver(seller, t, 2)).statusCode).toBe(200);
    const raised = await post(app, buyer, '/api/disputes', disputeBody(t.id));
    expect(raised.statusCode, raised.body).toBe(201);
    // Nothing releases while disputed, whatever the clock says.
    offset += 30 * DAY;
    await runDueJobs(app.deps);
    const remainder = unreleasedRemainder(trade('SPLIT'), parts, [2]);
    // The dispute answer carries the remainder it acts on, for the web's settlement previews.
    const seen = await get(app, seller, `/api/disputes/${raised.json().data.id}`);
    expect(seen.json().data.dispute.transaction.held).toEqual({
      price: 4000.5,
      fee: remainder.feeMinor / 100,
      sellerFee: remainder.sellerFeeMinor / 100,
      buyerFee: remainder.buyerFeeMinor / 100,
      anyReleased: true,
      milestoneTrade: true,
    });
    const tooMuch = await post(app, cast.admin, `/api/disputes/${raised.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_PARTIAL',
      reason: 'Finishing half done',
      amount: 4000.5,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toContain('not yet released');
    const decided = await post(app, cast.admin, `/api/disputes/${raised.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_PARTIAL',
      reason: 'Finishing half done',
      amount: 2000,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const end = (await get(app, buyer, `/api/transactions/${t.id}`)).json().data.transaction as Transaction;
    expect(end).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PARTIALLY_REFUNDED' });
    expect(end.milestones.map((m) => m.status)).toEqual(['RELEASED', 'RELEASED', 'REFUNDED']);
    const final = await balances(buyer, seller, [t.id]);
    // The buyer's deposit paid the escrow, so only the refund shows in the wallet.
    expect(final.buyer - start.buyer).toBe(200_000);
    expect(final.seller - afterSecond.seller).toBe(remainder.priceMinor - 200_000 - remainder.sellerFeeMinor);
    // The platform kept the whole fee; what the buyer paid went exactly to the three of them.
    expect(final.platform - start.platform).toBe(kobo(250.03));
    expect(final.seller - start.seller + final.platform - start.platform + 200_000).toBe(kobo(10_126.02));

    // The receipt lists each milestone with its status and amount.
    const receipt = await get(app, seller, `/api/transactions/${t.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const text = await extractPdfText(receipt.rawPayload);
    for (const expected of [
      'Milestones',
      'Foundation',
      'Walls and roof',
      'Finishing',
      'NGN 3,000.00',
      'NGN 3,000.50',
      'NGN 4,000.50',
      'Settled by dispute',
    ])
      expect(text).toContain(expected);
    // The column heading and the two released milestones.
    expect(text.match(/Released/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it.each(['BUYER', 'SELLER'] as const)(
    'with the fee paid by the %s, accepting every milestone completes the trade with exact amounts',
    async (feePayer) => {
      const buyer = await createUser(app, 'Tolu');
      const seller = await createUser(app, 'Kemi');
      const start = await balances(buyer, seller);
      const t = await paidMilestoneTrade(buyer, seller, feePayer);
      for (const i of [0, 1, 2]) {
        expect((await deliver(seller, t, i)).statusCode).toBe(200);
        const res = await accept(buyer, t, i);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.transaction.status).toBe(i === 2 ? 'COMPLETED' : 'IN_PROGRESS');
      }
      const end = await balances(buyer, seller, [t.id]);
      const amounts = tradeAmounts(kobo(PRICE), feePayer);
      expect(end.seller - start.seller).toBe(amounts.sellerReceivesMinor);
      expect(end.platform - start.platform).toBe(amounts.feeMinor);
      const view = (await get(app, seller, `/api/transactions/${t.id}`)).json().data.transaction;
      expect(view).toMatchObject({ paymentStatus: 'RELEASED' });
    },
  );

  it('a full refund before any release returns everything; after one, the rest and the trade completes', async () => {
    const buyer = await createUser(app, 'Uche');
    const seller = await createUser(app, 'Femi');
    const t = await paidMilestoneTrade(buyer, seller, 'SELLER');
    const before = await balances(buyer, seller, [t.id]);
    const raised = await post(app, buyer, '/api/disputes', disputeBody(t.id));
    const full = await post(app, cast.admin, `/api/disputes/${raised.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'Never started',
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(await balances(buyer, seller, [t.id])).toEqual({ ...before, buyer: before.buyer + kobo(PRICE) });
    const cancelled = (await get(app, buyer, `/api/transactions/${t.id}`)).json().data.transaction;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });

    const t2 = await paidMilestoneTrade(buyer, seller, 'BUYER');
    await deliver(seller, t2, 0);
    expect((await accept(buyer, t2, 0)).statusCode).toBe(200);
    const mid = await balances(buyer, seller, [t2.id]);
    const raised2 = await post(app, seller, '/api/disputes', disputeBody(t2.id));
    const refund = await post(app, cast.admin, `/api/disputes/${raised2.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'Stopped after the foundation',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const rest = unreleasedRemainder(trade('BUYER'), parts, [1, 2]);
    const end = await balances(buyer, seller, [t2.id]);
    expect(end.buyer - mid.buyer).toBe(rest.priceMinor);
    expect(end.seller).toBe(mid.seller);
    expect(end.platform - mid.platform).toBe(rest.buyerFeeMinor);
    const done = (await get(app, buyer, `/api/transactions/${t2.id}`)).json().data.transaction;
    expect(done).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PARTIALLY_REFUNDED' });
  });

  it('NO_ACTION returns to IN_PROGRESS with a fresh window for delivered milestones', async () => {
    const buyer = await createUser(app, 'Ife');
    const seller = await createUser(app, 'Dayo');
    const t = await paidMilestoneTrade(buyer, seller);
    await deliver(seller, t, 0);
    const raised = await post(app, buyer, '/api/disputes', disputeBody(t.id));
    offset = 10 * DAY;
    const none = await post(app, cast.admin, `/api/disputes/${raised.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'NO_ACTION',
      reason: 'Work is fine',
    });
    expect(none.statusCode, none.body).toBe(200);
    const view = (await get(app, buyer, `/api/transactions/${t.id}`)).json().data.transaction as Transaction;
    expect(view.status).toBe('IN_PROGRESS');
    // Restarted from the decision (the clock 10 days on), not from the delivery.
    expect(Date.parse(view.milestones[0]!.autoReleaseAt!)).toBe(Date.parse(view.updatedAt) + 3 * DAY);
  });
});

describe('milestone rules', () => {
  it('answers 404 to a stranger, 403 to the wrong party, 409 out of order, 404 for an unknown milestone', async () => {
    const buyer = await createUser(app, 'Bisi');
    const seller = await createUser(app, 'Gbenga');
    const t = await paidMilestoneTrade(buyer, seller);
    const path = (i: number, step: string) =>
      `/api/transactions/${t.id}/milestones/${t.milestones[i]!.id}/${step}`;
    expect((await post(app, cast.stranger, path(0, 'deliver'), { note: 'x' })).statusCode).toBe(404);
    expect((await post(app, cast.stranger, path(0, 'accept'))).statusCode).toBe(404);
    expect((await post(app, buyer, path(0, 'deliver'), { note: 'x' })).statusCode).toBe(403);
    expect((await post(app, seller, path(0, 'accept'))).statusCode).toBe(403);
    expect((await post(app, buyer, path(0, 'accept'))).statusCode).toBe(409);
    const unknown = await post(app, seller, `/api/transactions/${t.id}/milestones/nope/deliver`, {
      note: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await post(app, seller, path(0, 'deliver'), { note: 'x' })).statusCode).toBe(200);
    expect((await post(app, seller, path(0, 'deliver'), { note: 'again' })).statusCode).toBe(409);
    // A one-off trade has no milestones to act on.
    const { transaction } = await createTransaction(app, buyer, { price: 5000 });
    const other = await post(
      app,
      seller,
      `/api/transactions/${transaction.id}/milestones/${t.milestones[1]!.id}/deliver`,
      {
        note: 'x',
      },
    );
    expect(other.statusCode).toBe(404);
  });

  it.each([
    ['no body', undefined],
    ['an empty body', {}],
    ['an unknown field', { note: 'ok', amount: 5 }],
    ['a note too long', { note: 'x'.repeat(2001) }],
    ['files that are not ids', { files: ['../../etc/passwd'] }],
    ['too many files', { files: Array.from({ length: 6 }, () => '0192f5a4-7d5e-7000-8000-000000000001') }],
    ['a prototype key', JSON.parse('{"__proto__": {"note": "x"}}')],
  ])('refuses a delivery with %s (400, nothing changes)', async (_name, body) => {
    const buyer = await createUser(app, 'Nkem');
    const seller = await createUser(app, 'Obi');
    const t = await paidMilestoneTrade(buyer, seller);
    const url = `/api/transactions/${t.id}/milestones/${t.milestones[0]!.id}/deliver`;
    const res = await post(app, seller, url, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    const view = (await get(app, seller, `/api/transactions/${t.id}`)).json().data.transaction as Transaction;
    expect(view.milestones[0]!.status).toBe('PENDING');
  });

  it.each([
    [
      'amounts that do not add up',
      [
        { title: 'A', amount: 5000 },
        { title: 'B', amount: 5000 },
      ],
      'add up',
    ],
    ['one milestone', [{ title: 'A', amount: PRICE }], 'between 2 and 10'],
    [
      'eleven milestones',
      Array.from({ length: 11 }, (_, i) => ({ title: `M${i}`, amount: i === 10 ? 1.0 : 1000 })),
      'between 2 and 10',
    ],
    [
      'a blank title',
      [
        { title: ' ', amount: 5000 },
        { title: 'B', amount: 5001 },
      ],
      'title',
    ],
    [
      'a past due date',
      [
        { title: 'A', amount: 5000, dueDate: '2001-01-01' },
        { title: 'B', amount: 5001 },
      ],
      'past',
    ],
  ])('refuses a create with %s', async (_name, milestones, text) => {
    const res = await post(app, cast.seller, '/api/transactions/create', {
      creatorRole: 'BUYER',
      useCourier: false,
      description: 'Renovation',
      price: PRICE,
      milestones,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(text);
  });

  it('refuses milestones on a meet-and-inspect trade, and a time-based release on a milestone trade', async () => {
    const res = await post(app, cast.buyer, '/api/transactions/create', {
      creatorRole: 'BUYER',
      useCourier: false,
      shippingType: 'IN_PERSON',
      description: 'Fridge',
      price: PRICE,
      milestones: THREE,
    });
    expect(res.statusCode).toBe(400);
    const buyer = await createUser(app, 'Yemi');
    const seller = await createUser(app, 'Zara');
    const t = await paidMilestoneTrade(buyer, seller);
    const timed = await post(app, buyer, '/api/payment-conditions', {
      transactionId: t.id,
      conditionType: 'TIME_BASED',
      releaseDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(timed.statusCode, timed.body).toBeGreaterThanOrEqual(400);
    expect(timed.statusCode).toBeLessThan(500);
  });
});
