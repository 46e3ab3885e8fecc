import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { providerRefunds } from '../../db/schema/payments.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { transactionLedgerEntries } from '../ledger/index.ts';
import { retryDueProviderRefunds } from '../payments/index.ts';
import { REFUND_RETRY_DELAYS_MS } from '../payments/payments.refunds.ts';
import { PaystackStandIn, sign, TEST_SECRET } from '../payments/paystack-stand-in.test-helpers.ts';
import { driveTo, get, ledgerCheck, post, put } from '../../testing/test-kit.ts';
import { castOf, disputeBody, type Cast } from './disputes.test-support.ts';

// Refunds of Paystack payments, against the local Paystack stand-in over real HTTP: POST /refund,
// GET /refund/:id, the list lookup that adopts a refund whose answer was lost, and the refund webhooks.

let app: App;
let cast: Cast;
const paystack = new PaystackStandIn();

beforeAll(async () => {
  const baseUrl = await paystack.start();
  app = await createTestApp({ PAYSTACK_SECRET_KEY: TEST_SECRET, PAYSTACK_BASE_URL: baseUrl });
  cast = await castOf(app);
});
beforeEach(() => {
  paystack.refundAnswer = 'pending';
});
afterAll(async () => {
  expect((await ledgerCheck(app, cast.admin)).ok).toBe(true);
  await app.close();
  await paystack.stop();
});

const later = (ms: number) => ({ ...app.deps, clock: { now: () => new Date(Date.now() + ms) } });
/** Past the 30-minute look-up of a refund on its way, and past any backoff before the last attempt. */
const LOOKUP_DUE = 31 * 60_000;

/** A ₦1,000 trade (total ₦1,025) paid by card through Paystack, disputed by the buyer. */
async function paidByCardAndDisputed() {
  const id = await driveTo(app, cast, 'ACTIVE', { price: 1000 });
  const intent = await post(app, cast.buyer, `/api/transactions/${id}/payment-intent`, {
    paymentMethod: 'CARD',
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const reference = intent.json().data.paymentIntent.reference as string;
  paystack.paid.set(reference, { amount: 102_500, currency: 'NGN' });
  const paid = await put(app, cast.buyer, `/api/transactions/${id}/confirm-payment`, {
    paymentMethod: 'CARD',
    paymentReference: reference,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const raised = await post(app, cast.buyer, '/api/disputes', disputeBody(id));
  expect(raised.statusCode, raised.body).toBe(201);
  return { transactionId: id, disputeId: raised.json().data.id as string, reference };
}

async function refundFully(disputeId: string) {
  const decided = await post(app, cast.support, `/api/disputes/${disputeId}/resolutions`, {
    resolutionType: 'ADMIN_DECISION',
    resolution: 'REFUND_FULL',
    reason: 'Decided on the evidence',
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

const refundOf = async (transactionId: string) =>
  (
    await app.deps.db.select().from(providerRefunds).where(eq(providerRefunds.transactionId, transactionId))
  )[0]!;
const atPaystack = (reference: string) => paystack.refunds.filter((r) => r.reference === reference);
const refundPosts = (reference: string) =>
  paystack.calls.filter(
    (c) => c.method === 'POST' && c.path === '/refund' && c.body.transaction === reference,
  );

/** kobo the transaction's entries moved into external funding (the card) and refund clearing. */
async function moved(transactionId: string) {
  const sums: Record<string, number> = {};
  for (const entry of await transactionLedgerEntries(app.deps.db, transactionId))
    for (const leg of entry.postings) {
      const kind = leg.account.split(':').slice(0, 2).join(':');
      sums[kind] = (sums[kind] ?? 0) + leg.amount;
    }
  return sums;
}

function webhook(event: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ event, data });
  return app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
    payload: body,
  });
}

describe('Paystack refunds', () => {
  it('sends POST /refund once, then settles it through GET /refund/:id when processed', async () => {
    const { transactionId, disputeId, reference } = await paidByCardAndDisputed();
    await refundFully(disputeId);
    const pending = await refundOf(transactionId);
    // Looked up first (nothing there yet), then sent, queued by Paystack.
    const [sent] = atPaystack(reference);
    expect(atPaystack(reference)).toHaveLength(1);
    expect(sent).toMatchObject({
      amount: 102_500,
      currency: 'NGN',
      merchant_note: `amana-refund:${pending.id}`,
      status: 'pending',
    });
    expect(sent!.customer_note).toContain(`amana-refund:${pending.id}`);
    const lookup = paystack.calls.find(
      (c) =>
        c.method === 'GET' && c.path.startsWith(`/refund?transaction=${paystack.transactionIdOf(reference)}`),
    );
    expect(lookup?.path).toContain('currency=NGN');
    expect(pending).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      providerRefundReference: String(sent!.id),
    });
    expect((await moved(transactionId))['clearing:refunds']).toBe(1025);

    // Still on its way at the next look-up: nothing changes, nothing is sent again.
    await retryDueProviderRefunds(later(LOOKUP_DUE));
    expect(await refundOf(transactionId)).toMatchObject({ status: 'PENDING' });
    sent!.status = 'processed';
    const pass = await retryDueProviderRefunds(later(2 * LOOKUP_DUE));
    expect(pass.succeeded).toBe(1);
    expect(paystack.calls.some((c) => c.method === 'GET' && c.path === `/refund/${sent!.id}`)).toBe(true);
    expect(await refundOf(transactionId)).toMatchObject({ status: 'SUCCEEDED' });
    expect(refundPosts(reference)).toHaveLength(1);
    const sums = await moved(transactionId);
    expect(sums['clearing:refunds']).toBe(0);
    expect(sums['external:funding']).toBe(0);

    // The parties see where it went; nobody else sees the transaction at all.
    const view = await get(app, cast.buyer, `/api/transactions/${transactionId}`);
    expect(view.json().data.transaction.refund).toEqual({
      destination: 'PROVIDER',
      status: 'SUCCEEDED',
      amount: 1025,
      provider: 'paystack',
      reference: String(sent!.id),
    });
    const seller = await get(app, cast.seller, `/api/transactions/${transactionId}`);
    expect(seller.json().data.transaction.refund).toMatchObject({ destination: 'PROVIDER' });
    expect((await get(app, cast.stranger, `/api/transactions/${transactionId}`)).statusCode).toBe(404);
  });

  it('adopts a refund whose answer was lost instead of sending it again: one refund at Paystack', async () => {
    const { transactionId, disputeId, reference } = await paidByCardAndDisputed();
    paystack.refundAnswer = 'lost';
    await refundFully(disputeId);
    // Paystack queued it, but we never heard: retried later, with no reference.
    expect(await refundOf(transactionId)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      providerRefundReference: null,
    });
    expect(atPaystack(reference)).toHaveLength(1);

    paystack.refundAnswer = 'pending';
    const pass = await retryDueProviderRefunds(later(REFUND_RETRY_DELAYS_MS[0]! + 1000));
    expect(pass.pending).toBe(1);
    const [only] = atPaystack(reference);
    expect(atPaystack(reference)).toHaveLength(1);
    expect(refundPosts(reference)).toHaveLength(1);
    expect(await refundOf(transactionId)).toMatchObject({ providerRefundReference: String(only!.id) });

    only!.status = 'processed';
    expect((await retryDueProviderRefunds(later(LOOKUP_DUE + 120_000))).succeeded).toBe(1);
    expect(await refundOf(transactionId)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect(atPaystack(reference)).toHaveLength(1);
    expect((await moved(transactionId))['external:funding']).toBe(0);
  });

  it('sends nothing while the look-up fails, and exactly one refund once it answers', async () => {
    const { transactionId, disputeId, reference } = await paidByCardAndDisputed();
    paystack.refundListAnswer = 'error';
    try {
      await refundFully(disputeId);
      expect(await refundOf(transactionId)).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(refundPosts(reference)).toHaveLength(0);
    } finally {
      paystack.refundListAnswer = 'ok';
    }
    // A refused send (4xx) is retried too, after looking up again.
    paystack.refundAnswer = 'refused';
    await retryDueProviderRefunds(later(REFUND_RETRY_DELAYS_MS[0]! + 1000));
    expect(await refundOf(transactionId)).toMatchObject({ status: 'PENDING', attempts: 2 });
    paystack.refundAnswer = 'pending';
    await retryDueProviderRefunds(later(REFUND_RETRY_DELAYS_MS[0]! + REFUND_RETRY_DELAYS_MS[1]! + 2000));
    expect(atPaystack(reference)).toHaveLength(1);
    expect(await refundOf(transactionId)).toMatchObject({
      status: 'PENDING',
      providerRefundReference: String(atPaystack(reference)[0]!.id),
    });
  });
});

describe('Paystack refund webhooks', () => {
  it('refund.processed settles the refund once; a redelivery changes nothing', async () => {
    const { transactionId, disputeId, reference } = await paidByCardAndDisputed();
    await refundFully(disputeId);
    const [sent] = atPaystack(reference);
    const data = {
      id: sent!.id,
      transaction_reference: reference,
      amount: 102_500,
      currency: 'NGN',
      status: 'processed',
    };
    const first = await webhook('refund.processed', data);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.outcome).toBe('settled');
    expect((await webhook('refund.processed', data)).json().data.outcome).toBe('duplicate');
    expect(await refundOf(transactionId)).toMatchObject({ status: 'SUCCEEDED' });
    const entries = await transactionLedgerEntries(app.deps.db, transactionId);
    expect(entries.filter((e) => e.kind === 'PROVIDER_REFUND')).toHaveLength(1);
    // The scheduler has nothing left to do for it.
    expect((await retryDueProviderRefunds(later(LOOKUP_DUE))).succeeded).toBe(0);
  });

  it('refund.failed reschedules it; the retry sends a new refund (the failed one is never adopted)', async () => {
    const { transactionId, disputeId, reference } = await paidByCardAndDisputed();
    await refundFully(disputeId);
    const [first] = atPaystack(reference);
    // An event for another amount, or another refund of the payment, changes nothing.
    const other = await webhook('refund.failed', { id: 999, transaction_reference: reference });
    expect(other.json().data.outcome).toBe('ignored');
    const wrongAmount = await webhook('refund.processed', {
      id: first!.id,
      transaction_reference: reference,
      amount: 1,
    });
    expect(wrongAmount.json().data.outcome).toBe('mismatch');

    first!.status = 'failed';
    const failed = await webhook('refund.failed', {
      id: first!.id,
      transaction_reference: reference,
      amount: 102_500,
    });
    expect(failed.json().data.outcome).toBe('rescheduled');
    expect(await refundOf(transactionId)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      providerRefundReference: null,
    });
    await retryDueProviderRefunds(later(REFUND_RETRY_DELAYS_MS[0]! + 1000));
    const [, second] = atPaystack(reference);
    expect(second).toMatchObject({ status: 'pending', amount: 102_500 });
    expect(await refundOf(transactionId)).toMatchObject({ providerRefundReference: String(second!.id) });
    const settled = await webhook('refund.processed', { id: second!.id, transaction_reference: reference });
    expect(settled.json().data.outcome).toBe('settled');
    expect((await moved(transactionId))['clearing:refunds']).toBe(0);
  });

  it('refuses a signed refund event without the transaction reference', async () => {
    const res = await webhook('refund.processed', { id: 1, amount: 100 });
    expect(res.statusCode).toBe(400);
  });
});
