import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { disputeBody, pendingId, propose } from '../disputes/disputes.test-support.ts';
import { transactionLedgerEntries } from '../ledger/index.ts';
import {
  checklist,
  createUser,
  deposit,
  get,
  join,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  shipment,
  uploadPhoto,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';
import { deliverDueWebhooks } from '../webhooks/index.ts';
import {
  createEndpoint,
  removeEndpointsOf,
  startReceiver,
  verifyArrival,
} from '../webhooks/webhooks.test-support.ts';
import { createKey, partnerCall, partnerOrder, type PartnerKey } from './partner.test-support.ts';

/**
 * Partner API role BROKER (docs/partner-api.md): the key's owner brokers between an invited seller and
 * buyer for a commission taken from the seller's part. Every amount is checked to the kobo on these
 * users' own wallets and this trade's own ledger entries (never global totals: in CI the suite shares
 * one PostgreSQL database).
 */
let app: App;
let broker: TestUser;
let admin: TestUser;
let key: PartnerKey;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let hook: { id: string; secret: string };

beforeAll(async () => {
  app = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  [broker, admin] = await Promise.all([createUser(app, 'Market'), createUser(app, 'Ada')]);
  await makeAdmin(app, admin);
  key = await createKey(app, broker);
  receiver = await startReceiver();
  hook = await createEndpoint(app, broker, receiver.url, [
    'transaction.joined',
    'transaction.paid',
    'transaction.completed',
    'transaction.cancelled',
    'transaction.refunded',
    'dispute.opened',
    'dispute.resolved',
  ]);
});
afterAll(async () => {
  expect((await ledgerCheck(app, admin)).ok).toBe(true);
  await removeEndpointsOf(app, [broker]);
  await receiver.close();
  await app.close();
});

type Invitation = { role: 'BUYER' | 'SELLER'; email: string; inviteCode: string; joinUrl: string };

/** ₦10,001.00 (fee ₦250.03) brokered between a fresh seller and buyer; the commission as given. */
async function brokered(extra: Record<string, unknown> = {}) {
  const [seller, buyer] = await Promise.all([createUser(app, 'Segun'), createUser(app, 'Bimpe')]);
  const order = partnerOrder(buyer.email, {
    role: 'BROKER',
    price: 10_001,
    seller: { email: seller.email, firstName: 'Segun' },
    commission: 1_000,
    ...extra,
  });
  const res = await partnerCall(app, key, 'POST', '/transactions', order);
  expect(res.statusCode, res.body).toBe(201);
  const tx = res.json().data.transaction;
  const codeOf = (role: string) => (tx.invitations as Invitation[]).find((i) => i.role === role)!.inviteCode;
  return { tx, order, seller, buyer, sellerCode: codeOf('SELLER'), buyerCode: codeOf('BUYER') };
}

async function joinBoth(t: Awaited<ReturnType<typeof brokered>>) {
  expect((await join(app, t.seller, t.sellerCode)).statusCode).toBe(200);
  expect((await join(app, t.buyer, t.buyerCode)).statusCode).toBe(200);
}

async function pay(t: Awaited<ReturnType<typeof brokered>>) {
  await deposit(app, t.buyer, t.tx.total);
  const paid = await put(app, t.buyer, `/api/transactions/${t.tx.id}/confirm-payment`, {
    paymentMethod: 'WALLET',
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** This trade's postings on one account, in kobo, summed over its ledger entries. */
async function postedTo(transactionId: string, account: string) {
  const entries = await transactionLedgerEntries(app.deps.db, transactionId);
  for (const entry of entries)
    expect(entry.postings.reduce((s, p) => s + Math.round(p.amount * 100), 0)).toBe(0);
  return entries
    .flatMap((e) => e.postings)
    .filter((p) => p.account === account)
    .reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
}
const wallet = (user: TestUser) => `user:${user.id}:NGN`;
const PLATFORM = 'platform:fees:NGN';

describe('partner transactions (role BROKER)', () => {
  it('invites seller and buyer apart, ACTIVE once both joined; a partial refund pays the broker pro rata', async () => {
    const t = await brokered({ feePayer: 'SELLER' });
    expect(t.tx).toMatchObject({
      status: 'PENDING',
      reference: t.order.reference,
      brokerId: broker.id,
      brokerName: broker.name,
      commission: 1_000,
      viewerIsBroker: true,
      creatorRole: 'SELLER',
      sellerId: null,
      buyerId: null,
      price: 10_001,
      fee: 250.03,
      buyerPays: 10_001,
      // ₦10,001.00 − ₦250.03 fee − ₦1,000.00 commission.
      sellerReceives: 8_750.97,
    });
    expect((t.tx.invitations as Invitation[]).map((i) => [i.role, i.email]).sort()).toEqual(
      [
        ['BUYER', t.buyer.email.toLowerCase()],
        ['SELLER', t.seller.email.toLowerCase()],
      ].sort(),
    );
    const [sellerMail] = await mailsTo(app, t.seller.email.toLowerCase());
    expect(sellerMail?.text).toContain(`/app/join-transaction/${t.sellerCode}`);
    expect(sellerMail?.text).toContain('₦1,000.00');
    const [buyerMail] = await mailsTo(app, t.buyer.email.toLowerCase());
    expect(buyerMail?.text).toContain(`/app/join-transaction/${t.buyerCode}`);

    // Each invitation is addressed: a third account is refused with either code.
    const stranger = await createUser(app, 'Stella');
    for (const code of [t.sellerCode, t.buyerCode]) {
      const refused = await join(app, stranger, code);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('This invitation is addressed to another user');
    }
    // The seller sees the commission and the broker before joining.
    const preview = await get(app, t.seller, `/api/transactions/invite/${t.sellerCode}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.invitation.transaction).toMatchObject({
      viewerRole: 'SELLER',
      commission: 1_000,
      brokerName: broker.name,
      sellerReceives: 8_750.97,
      viewerIsBroker: false,
    });

    expect((await join(app, t.seller, t.sellerCode)).json().data.transaction.status).toBe('PENDING');
    // The seller's code is spent; the buyer's code works only for the buyer.
    expect((await join(app, t.buyer, t.sellerCode)).statusCode).toBe(403);
    const active = await join(app, t.buyer, t.buyerCode);
    expect(active.json().data.transaction).toMatchObject({
      status: 'ACTIVE',
      buyerId: t.buyer.id,
      sellerId: t.seller.id,
      viewerRole: 'BUYER',
    });

    // The broker reads it in the app (read only); a stranger gets 404.
    const watched = await get(app, broker, `/api/transactions/${t.tx.id}`);
    expect(watched.statusCode).toBe(200);
    expect(watched.json().data.transaction).toMatchObject({ viewerIsBroker: true, status: 'ACTIVE' });
    expect((await get(app, stranger, `/api/transactions/${t.tx.id}`)).statusCode).toBe(404);
    // It takes no party's step: pay, chat, dispute, cancel in the app.
    await deposit(app, broker, t.tx.total);
    const steps = [
      put(app, broker, `/api/transactions/${t.tx.id}/confirm-payment`, { paymentMethod: 'WALLET' }),
      post(app, broker, `/api/transactions/${t.tx.id}/cancel`, { reason: 'app' }),
      post(app, broker, `/api/messages/transaction/${t.tx.id}`, { content: 'hello' }),
      post(app, broker, '/api/disputes', disputeBody(t.tx.id)),
    ];
    for (const res of await Promise.all(steps)) expect([403, 404], res.body).toContain(res.statusCode);

    await pay(t);
    // Paid: the broker can no longer cancel.
    const late = await partnerCall(app, key, 'POST', `/transactions/${t.tx.id}/cancel`, { reason: 'late' });
    expect(late.statusCode, late.body).toBe(409);
    const raised = await post(app, t.buyer, '/api/disputes', disputeBody(t.tx.id));
    expect(raised.statusCode, raised.body).toBe(201);
    const disputeId = raised.json().data.id as string;

    // The seller's part must cover their ₦250.03 fee share and the broker's share of the commission.
    const tooMuch = await propose(app, t.seller, disputeId, 'REFUND_PARTIAL', { amount: 9_723.21 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe(
      'The buyer’s share must be more than 0 and at most ₦9,723.20, so the seller’s part covers their ₦250.03 share of the fee and the broker’s ₦27.77 share of the commission',
    );
    const proposed = await propose(app, t.seller, disputeId, 'REFUND_PARTIAL', { amount: 4_000.5 });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const accepted = await post(
      app,
      t.buyer,
      `/api/disputes/resolutions/${pendingId(proposed.json())}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Seller's part ₦6,000.50: broker ⌊₦1,000.00 × 6,000.50 ÷ 10,001.00⌋ = ₦599.99; seller ₦6,000.50 −
    // ₦250.03 − ₦599.99 = ₦5,150.48; buyer ₦4,000.50; platform ₦250.03: ₦10,001.00 in all.
    expect(await walletBalance(app, t.buyer)).toBe(4_000.5);
    expect(await walletBalance(app, t.seller)).toBe(5_150.48);
    expect(await postedTo(t.tx.id, wallet(broker))).toBe(59_999);
    expect(await postedTo(t.tx.id, wallet(t.seller))).toBe(515_048);
    expect(await postedTo(t.tx.id, PLATFORM)).toBe(25_003);
    expect(await postedTo(t.tx.id, `escrow:${t.tx.id}`)).toBe(0);
    const seen = await partnerCall(app, key, 'GET', `/transactions/${t.tx.id}`);
    expect(seen.json().data.transaction).toMatchObject({
      status: 'COMPLETED',
      paymentStatus: 'PARTIALLY_REFUNDED',
    });
  });

  it('a full release credits the broker the whole commission; its webhooks reach the broker', async () => {
    // 20% of ₦10,001.00 is ₦2,000.20, the largest commission allowed.
    const t = await brokered({ commission: 2_000.2 });
    await joinBoth(t);
    const before = await walletBalance(app, broker);
    await pay(t);
    const photo = await uploadPhoto(app, t.seller, t.tx.id);
    const shipped = await put(app, t.seller, `/api/transactions/${t.tx.id}/shipping-details`, {
      shipmentData: shipment([photo], false),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const done = await put(app, t.buyer, `/api/transactions/${t.tx.id}/confirm-receipt`, checklist);
    expect(done.statusCode, done.body).toBe(200);
    expect(await walletBalance(app, t.seller)).toBe(8_000.8);
    expect(await walletBalance(app, broker)).toBe(before + 2_000.2);
    expect(await postedTo(t.tx.id, wallet(broker))).toBe(200_020);
    expect(await postedTo(t.tx.id, PLATFORM)).toBe(25_003);
    expect(await walletBalance(app, t.buyer)).toBe(0);

    await deliverDueWebhooks(app.deps, { maxBatches: 50 });
    type Body = {
      type: string;
      data: { transaction: { id: string; viewerIsBroker?: boolean; reference?: string } };
    };
    const mine = receiver.arrivals
      .map((a) => verifyArrival(hook.secret, a) as Body)
      .filter((b) => b.data.transaction.id === t.tx.id);
    expect(mine.map((b) => b.type)).toEqual([
      'transaction.joined',
      'transaction.joined',
      'transaction.paid',
      'transaction.completed',
    ]);
    expect(mine[3]!.data.transaction).toMatchObject({ viewerIsBroker: true, reference: t.order.reference });
  });

  it('a full refund gives the buyer everything back and the broker nothing', async () => {
    const t = await brokered({ feePayer: 'SPLIT' });
    await joinBoth(t);
    await pay(t);
    const raised = await post(app, t.seller, '/api/disputes', disputeBody(t.tx.id));
    expect(raised.statusCode, raised.body).toBe(201);
    const proposed = await propose(app, t.seller, raised.json().data.id, 'REFUND_FULL');
    expect(proposed.statusCode, proposed.body).toBe(200);
    const accepted = await post(
      app,
      t.buyer,
      `/api/disputes/resolutions/${pendingId(proposed.json())}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await walletBalance(app, t.buyer)).toBe(t.tx.total);
    expect(await walletBalance(app, t.seller)).toBe(0);
    expect(await postedTo(t.tx.id, wallet(broker))).toBe(0);
    expect(await postedTo(t.tx.id, PLATFORM)).toBe(0);
  });

  it('lets the broker cancel before payment and take no seller step', async () => {
    const t = await brokered();
    expect((await join(app, t.seller, t.sellerCode)).statusCode).toBe(200);
    const ship = await partnerCall(app, key, 'POST', `/transactions/${t.tx.id}/ship`, {
      shipmentData: shipment(['0190a0a0-0000-7000-8000-000000000000'], false),
    });
    expect(ship.statusCode).toBe(403);
    const listed = await partnerCall(app, key, 'GET', `/transactions?reference=${t.order.reference}`);
    expect(listed.json().data.transactions.map((x: { id: string }) => x.id)).toEqual([t.tx.id]);
    const cancelled = await partnerCall(app, key, 'POST', `/transactions/${t.tx.id}/cancel`, {
      reason: 'Listing withdrawn',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.transaction.status).toBe('CANCELLED');
    // The buyer's invitation is dead now.
    expect((await join(app, t.buyer, t.buyerCode)).statusCode).toBe(404);
    // The seller cannot read it through the partner API (it is the broker's), even with a key.
    const sellerKey = await createKey(app, t.seller);
    expect((await partnerCall(app, sellerKey, 'GET', `/transactions/${t.tx.id}`)).statusCode).toBe(404);
  });

  it('refuses bad BROKER input with 400', async () => {
    const [seller, buyer] = await Promise.all([createUser(app, 'Segun'), createUser(app, 'Bimpe')]);
    const base = { role: 'BROKER', price: 10_001, seller: { email: seller.email } };
    const bad: Record<string, unknown>[] = [
      { ...base, commission: 2_000.21 },
      { ...base, commission: -1 },
      { ...base, commission: 1.001 },
      { role: 'BROKER', price: 10_001, commission: 100 },
      { role: 'SELLER', commission: 100 },
      { role: 'SELLER', seller: { email: seller.email } },
      { ...base, seller: { email: buyer.email } },
      { ...base, seller: { email: broker.email } },
      {
        ...base,
        milestones: [
          { title: 'One', amount: 5_000 },
          { title: 'Two', amount: 5_001 },
        ],
      },
    ];
    for (const extra of bad) {
      const res = await partnerCall(app, key, 'POST', '/transactions', partnerOrder(buyer.email, extra));
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const tooHigh = await partnerCall(
      app,
      key,
      'POST',
      '/transactions',
      partnerOrder(buyer.email, { ...base, commission: 2_000.21 }),
    );
    expect(JSON.stringify(tooHigh.json())).toContain('commission must be at most 20% of the price');
  });
});
