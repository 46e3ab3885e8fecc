import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, disputeBody, type Cast } from '../disputes/disputes.test-support.ts';
import { deliverDueWebhooks } from '../webhooks/index.ts';
import {
  createEndpoint,
  removeEndpointsOf,
  startReceiver,
  verifyArrival,
} from '../webhooks/webhooks.test-support.ts';
import {
  checklist,
  createTransaction,
  deposit,
  driveTo,
  join,
  ledgerCheck,
  post,
  put,
} from '../../testing/test-kit.ts';

/**
 * The step engine writes partners' webhook events in the step's own database transaction
 * (docs/webhooks.md): a party's endpoint receives each event of its own trades, signed, with the
 * transaction as that party sees it; nobody else's endpoint hears of them.
 */
let app: App;
let cast: Cast;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let other: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  app = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  cast = await castOf(app);
  [receiver, other] = await Promise.all([startReceiver(), startReceiver()]);
});
afterAll(async () => {
  expect((await ledgerCheck(app, cast.admin)).ok).toBe(true);
  await removeEndpointsOf(app, [cast.seller, cast.stranger]);
  await Promise.all([receiver.close(), other.close()]);
  await app.close();
});

const ALL = [
  'transaction.joined',
  'transaction.paid',
  'transaction.shipped',
  'transaction.completed',
  'transaction.cancelled',
  'transaction.refunded',
  'dispute.opened',
  'dispute.resolved',
  'milestone.released',
];
type Body = { type: string; data: { transaction: { id: string; status: string; viewerRole: string } } };
const drain = () => deliverDueWebhooks(app.deps, { maxBatches: 50 });

describe('webhook events from transaction steps', () => {
  it('sends a party each step of its trade, signed, as that party sees it; a stranger nothing', async () => {
    const seller = await createEndpoint(app, cast.seller, receiver.url, ALL);
    await createEndpoint(app, cast.stranger, other.url, ALL);
    const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION', { creatorRole: 'SELLER' });
    expect(
      (await put(app, cast.buyer, `/api/transactions/${id}/confirm-receipt`, checklist)).statusCode,
    ).toBe(200);
    await drain();
    const bodies = receiver.arrivals.map((a) => verifyArrival(seller.secret, a) as Body);
    const mine = bodies.filter((b) => b.data.transaction.id === id);
    expect(mine.map((b) => b.type).sort()).toEqual(
      ['transaction.joined', 'transaction.paid', 'transaction.shipped', 'transaction.completed'].sort(),
    );
    expect(mine.find((b) => b.type === 'transaction.completed')!.data.transaction).toMatchObject({
      status: 'COMPLETED',
      viewerRole: 'SELLER',
    });
    expect(new Set(receiver.arrivals.map((a) => a.headers['webhook-id'])).size).toBe(
      receiver.arrivals.length,
    );
    expect(other.arrivals).toHaveLength(0);
  });

  it('reports a dispute and its refund, a cancellation, and released milestones', async () => {
    receiver.arrivals.length = 0;
    const disputed = await driveTo(app, cast, 'WAITING_FOR_SHIPMENT', { creatorRole: 'SELLER' });
    const raised = await post(app, cast.buyer, '/api/disputes', disputeBody(disputed));
    await post(app, cast.admin, `/api/disputes/${raised.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'Not shipped',
    });
    const { transaction } = await createTransaction(app, cast.seller, {
      creatorRole: 'SELLER',
      price: 2000,
      milestones: [
        { title: 'One', amount: 1000 },
        { title: 'Two', amount: 1000 },
      ],
    });
    await post(app, cast.seller, `/api/transactions/${transaction.id}/cancel`, { reason: 'Changed my mind' });
    await drain();
    // Deliveries are not ordered across events (docs/webhooks.md): compare each trade's own.
    const typesOf = (transactionId: string) =>
      receiver.arrivals
        .map((a) => JSON.parse(a.body) as Body)
        .filter((b) => b.data.transaction.id === transactionId)
        .map((b) => b.type)
        .sort();
    expect(typesOf(disputed)).toEqual(
      [
        'transaction.joined',
        'transaction.paid',
        'dispute.opened',
        'dispute.resolved',
        'transaction.refunded',
      ].sort(),
    );
    expect(typesOf(transaction.id)).toEqual(['transaction.cancelled']);
    // A rejoined trade with milestones: each acceptance is milestone.released, the last also completed.
    receiver.arrivals.length = 0;
    const { transaction: m, code } = await createTransaction(app, cast.seller, {
      creatorRole: 'SELLER',
      price: 2000,
      milestones: [
        { title: 'One', amount: 1000 },
        { title: 'Two', amount: 1000 },
      ],
    });
    expect((await join(app, cast.buyer, code)).statusCode).toBe(200);
    await deposit(app, cast.buyer, m.total);
    const paid = await put(app, cast.buyer, `/api/transactions/${m.id}/confirm-payment`, {
      paymentMethod: 'WALLET',
    });
    for (const milestone of paid.json().data.transaction.milestones as { id: string }[]) {
      await post(app, cast.seller, `/api/transactions/${m.id}/milestones/${milestone.id}/deliver`, {
        note: 'Done',
      });
      await post(app, cast.buyer, `/api/transactions/${m.id}/milestones/${milestone.id}/accept`);
    }
    await drain();
    expect(receiver.arrivals.map((a) => (JSON.parse(a.body) as Body).type).sort()).toEqual(
      [
        'transaction.joined',
        'transaction.paid',
        'milestone.released',
        'milestone.released',
        'transaction.completed',
      ].sort(),
    );
  });
});
