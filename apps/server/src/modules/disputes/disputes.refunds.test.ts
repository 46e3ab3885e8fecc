import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { providerRefunds } from '../../db/schema/payments.ts';
import { extractPdfText } from '../../testing/pdf-text.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { transactionLedgerEntries } from '../ledger/index.ts';
import { ProviderError, retryDueProviderRefunds } from '../payments/index.ts';
import { REFUND_RETRY_DELAYS_MS } from '../payments/payments.refunds.ts';
import { createSandboxProvider } from '../payments/payments.sandbox.ts';
import { deposit, driveTo, get, ledgerCheck, post, put, walletBalance } from '../../testing/test-kit.ts';
import { castOf, disputeBody, type Cast } from './disputes.test-support.ts';

let app: App;
let cast: Cast;

beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  expect((await ledgerCheck(app, cast.admin)).ok).toBe(true);
  await app.close();
});

type Funding = 'WALLET' | 'CARD' | 'BANK_TRANSFER';

/** A ₦1,000 trade (fee ₦25, total ₦1,025) paid by `funding`, disputed by the buyer; returns both ids. */
async function paidAndDisputed(funding: Funding) {
  const id = await driveTo(app, cast, 'ACTIVE', { price: 1000 });
  let body: Record<string, string> = { paymentMethod: 'WALLET' };
  if (funding === 'WALLET') await deposit(app, cast.buyer, 1025);
  else {
    const intent = await post(app, cast.buyer, `/api/transactions/${id}/payment-intent`, {
      paymentMethod: funding,
    });
    expect(intent.statusCode, intent.body).toBe(200);
    body = { paymentMethod: funding, paymentReference: intent.json().data.paymentIntent.reference };
  }
  const paid = await put(app, cast.buyer, `/api/transactions/${id}/confirm-payment`, body);
  expect(paid.statusCode, paid.body).toBe(200);
  const raised = await post(app, cast.buyer, '/api/disputes', disputeBody(id));
  expect(raised.statusCode, raised.body).toBe(201);
  return { transactionId: id, disputeId: raised.json().data.id as string };
}

function decide(disputeId: string, resolution: 'REFUND_FULL' | 'REFUND_PARTIAL') {
  return post(app, cast.support, `/api/disputes/${disputeId}/resolutions`, {
    resolutionType: 'ADMIN_DECISION',
    resolution,
    ...(resolution === 'REFUND_PARTIAL' ? { amount: 400 } : {}),
    reason: 'Decided on the evidence',
  });
}

/** Net kobo the transaction's entries moved on each account kind (escrow, clearing, external, wallets). */
async function movements(transactionId: string) {
  const sums: Record<string, number> = {};
  for (const entry of await transactionLedgerEntries(app.deps.db, transactionId))
    for (const leg of entry.postings) {
      const kind = leg.account.startsWith('user:')
        ? leg.account.includes(cast.buyer.id)
          ? 'buyer'
          : 'seller'
        : leg.account.split(':').slice(0, 2).join(':');
      sums[kind] = (sums[kind] ?? 0) + leg.amount;
    }
  return sums;
}

const refundOf = async (transactionId: string) =>
  (
    await app.deps.db.select().from(providerRefunds).where(eq(providerRefunds.transactionId, transactionId))
  )[0];

describe('refunds go back the way the money came', () => {
  const cases: {
    funding: Funding;
    resolution: 'REFUND_FULL' | 'REFUND_PARTIAL';
    buyer: number;
    seller: number;
    fee: number;
  }[] = [];
  for (const funding of ['WALLET', 'CARD', 'BANK_TRANSFER'] as const) {
    cases.push({ funding, resolution: 'REFUND_FULL', buyer: 1025, seller: 0, fee: 0 });
    cases.push({ funding, resolution: 'REFUND_PARTIAL', buyer: 400, seller: 600, fee: 25 });
  }

  it.each(cases)('$funding × $resolution', async ({ funding, resolution, buyer, seller, fee }) => {
    const { transactionId, disputeId } = await paidAndDisputed(funding);
    const walletBefore = await walletBalance(app, cast.buyer);
    const decided = await decide(disputeId, resolution);
    expect(decided.statusCode, decided.body).toBe(200);

    const moved = await movements(transactionId);
    expect(moved['escrow'] ?? 0).toBe(0);
    expect(moved['seller'] ?? 0).toBe(seller);
    expect(moved['platform:fees'] ?? 0).toBe(fee);
    const refund = await refundOf(transactionId);
    const receipt = await get(app, cast.buyer, `/api/transactions/${transactionId}/receipt`);
    const text = await extractPdfText(receipt.rawPayload);
    if (funding === 'WALLET') {
      expect(refund).toBeUndefined();
      expect(await walletBalance(app, cast.buyer)).toBe(walletBefore + buyer);
      expect(moved['buyer']).toBe(buyer - 1025);
      expect(text).toContain('Refunded to your Amana wallet');
    } else {
      // Not the wallet: the card or bank gets it back, through refund clearing, settled at once.
      expect(await walletBalance(app, cast.buyer)).toBe(walletBefore);
      expect(moved['buyer'] ?? 0).toBe(0);
      expect(moved['clearing:refunds'] ?? 0).toBe(0);
      expect(moved['external:funding']).toBe(buyer - 1025);
      expect(refund).toMatchObject({
        status: 'SUCCEEDED',
        amount: buyer * 100,
        method: funding,
        provider: 'sandbox',
        attempts: 0,
      });
      expect(refund!.providerRefundReference).toMatch(/^RFD_sandbox_/);
      const where = funding === 'CARD' ? 'card' : 'bank account';
      expect(text).toContain(`Refunded to your ${where} via the test provider`);
      expect(text).toContain(refund!.providerRefundReference);
    }
  });
});

describe('a provider refund that fails', () => {
  const later = (ms: number) => ({ ...app.deps, clock: { now: () => new Date(Date.now() + ms) } });

  it('is retried by the scheduler and then succeeds, exactly once', async () => {
    const refund = vi
      .spyOn(app.deps.payments, 'refund')
      .mockRejectedValueOnce(new ProviderError('Paystack unreachable', false));
    const { transactionId, disputeId } = await paidAndDisputed('CARD');
    expect((await decide(disputeId, 'REFUND_FULL')).statusCode).toBe(200);
    const first = await refundOf(transactionId);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'Paystack unreachable' });
    // Not due yet: nothing is sent.
    expect((await retryDueProviderRefunds(app.deps)).succeeded).toBe(0);
    const due = later(REFUND_RETRY_DELAYS_MS[0]! + 1000);
    const [a, b] = await Promise.all([retryDueProviderRefunds(due), retryDueProviderRefunds(due)]);
    expect(a.succeeded + b.succeeded).toBe(1);
    expect(refund).toHaveBeenCalledTimes(2);
    expect(await refundOf(transactionId)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect((await movements(transactionId))['external:funding']).toBe(0);
  });

  it('after the last attempt is FAILED: the buyer is told, staff see it, strangers cannot', async () => {
    vi.spyOn(app.deps.payments, 'refund').mockRejectedValue(
      new ProviderError('Insufficient balance', true, 400),
    );
    const { transactionId, disputeId } = await paidAndDisputed('BANK_TRANSFER');
    expect((await decide(disputeId, 'REFUND_PARTIAL')).statusCode).toBe(200);
    let elapsed = 0;
    for (const delay of REFUND_RETRY_DELAYS_MS) {
      elapsed += delay + 1000;
      await retryDueProviderRefunds(later(elapsed));
    }
    const failed = await refundOf(transactionId);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: REFUND_RETRY_DELAYS_MS.length + 1 });
    // The money waits in refund clearing (never the wallet) for an operator.
    expect((await movements(transactionId))['clearing:refunds']).toBe(400);

    const notes = await get(app, cast.buyer, '/api/notifications?limit=50');
    const titles = (notes.json().data.notifications as { title: string; transactionId: string }[])
      .filter((n) => n.transactionId === transactionId)
      .map((n) => n.title);
    expect(titles).toContain('Refund delayed');
    const receipt = await get(app, cast.buyer, `/api/transactions/${transactionId}/receipt`);
    expect(await extractPdfText(receipt.rawPayload)).toContain(
      'Refund to your bank account via the test provider failed',
    );

    const listed = await get(app, cast.support, '/api/admin/refunds?status=FAILED');
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().data.refunds.find((r: { id: string }) => r.id === failed!.id);
    expect(row).toMatchObject({ status: 'FAILED', amount: 400, method: 'BANK_TRANSFER', transactionId });
    for (const outsider of [cast.buyer, cast.seller, cast.stranger])
      expect((await get(app, outsider, '/api/admin/refunds?status=FAILED')).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/refunds' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('staff on a FAILED refund', () => {
  const later = (ms: number) => ({ ...app.deps, clock: { now: () => new Date(Date.now() + ms) } });

  /** A card-paid trade refunded in full whose provider refund ran out of attempts (₦1,025 in clearing). */
  async function failedRefund() {
    const refused = vi
      .spyOn(app.deps.payments, 'refund')
      .mockRejectedValue(new ProviderError('Insufficient balance', true, 400));
    const { transactionId, disputeId } = await paidAndDisputed('CARD');
    expect((await decide(disputeId, 'REFUND_FULL')).statusCode).toBe(200);
    let elapsed = 0;
    for (const delay of REFUND_RETRY_DELAYS_MS) {
      elapsed += delay + 1000;
      await retryDueProviderRefunds(later(elapsed));
    }
    refused.mockRestore();
    const refund = await refundOf(transactionId);
    expect(refund).toMatchObject({ status: 'FAILED' });
    return { transactionId, refund: refund! };
  }

  const auditOf = async (id: string) =>
    (await get(app, cast.admin, `/api/admin/audit-log?targetId=${id}`)).json().data.entries as {
      action: string;
      actorId: string;
    }[];

  it('retry: parties get 403, unknown 404; staff send it again (audited) and it is paid once', async () => {
    const { transactionId, refund } = await failedRefund();
    const view = await get(app, cast.buyer, `/api/transactions/${transactionId}`);
    expect(view.json().data.transaction.refund).toEqual({
      destination: 'PROVIDER',
      status: 'FAILED',
      amount: 1025,
      provider: 'sandbox',
    });
    for (const outsider of [cast.buyer, cast.seller, cast.stranger])
      expect((await post(app, outsider, `/api/admin/refunds/${refund.id}/retry`)).statusCode).toBe(403);
    expect((await post(app, cast.support, '/api/admin/refunds/nope/retry')).statusCode).toBe(404);

    const retried = await post(app, cast.support, `/api/admin/refunds/${refund.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    // The sandbox pays at once.
    expect(retried.json().data.refund).toMatchObject({ id: refund.id, status: 'SUCCEEDED' });
    expect((await post(app, cast.support, `/api/admin/refunds/${refund.id}/retry`)).statusCode).toBe(409);
    expect((await post(app, cast.support, `/api/admin/refunds/${refund.id}/credit-wallet`)).statusCode).toBe(
      409,
    );
    const moved = await movements(transactionId);
    expect(moved['clearing:refunds'] ?? 0).toBe(0);
    // In from the card when paid, back out to it now.
    expect(moved['external:funding']).toBe(0);
    expect(await auditOf(refund.id)).toMatchObject([{ action: 'refund.retry', actorId: cast.support.id }]);
    const seen = await get(app, cast.seller, `/api/transactions/${transactionId}`);
    expect(seen.json().data.transaction.refund).toMatchObject({
      status: 'SUCCEEDED',
      reference: expect.any(String),
    });
  });

  it('credit-wallet: pays the buyer from refund clearing exactly once, audited, and the view says so', async () => {
    const { transactionId, refund } = await failedRefund();
    const before = await walletBalance(app, cast.buyer);
    for (const outsider of [cast.buyer, cast.seller, cast.stranger])
      expect((await post(app, outsider, `/api/admin/refunds/${refund.id}/credit-wallet`)).statusCode).toBe(
        403,
      );
    const [a, b] = await Promise.all([
      post(app, cast.support, `/api/admin/refunds/${refund.id}/credit-wallet`),
      post(app, cast.admin, `/api/admin/refunds/${refund.id}/credit-wallet`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = a.statusCode === 200 ? a : b;
    expect(done.json().data.refund).toMatchObject({ status: 'CREDITED_TO_WALLET', amount: 1025 });
    expect(await walletBalance(app, cast.buyer)).toBe(before + 1025);
    expect((await movements(transactionId))['clearing:refunds'] ?? 0).toBe(0);
    expect(await auditOf(refund.id)).toMatchObject([{ action: 'refund.credit_wallet' }]);
    expect((await post(app, cast.support, `/api/admin/refunds/${refund.id}/retry`)).statusCode).toBe(409);
    // Never sent again by the scheduler.
    const send = vi.spyOn(app.deps.payments, 'refund');
    await retryDueProviderRefunds(later(86_400_000));
    expect(send).not.toHaveBeenCalled();

    const view = await get(app, cast.buyer, `/api/transactions/${transactionId}`);
    expect(view.json().data.transaction.refund).toMatchObject({
      destination: 'PROVIDER',
      status: 'CREDITED_TO_WALLET',
      amount: 1025,
    });
    const notes = await get(app, cast.buyer, '/api/notifications?limit=50');
    const titles = (notes.json().data.notifications as { title: string; transactionId: string }[])
      .filter((n) => n.transactionId === transactionId)
      .map((n) => n.title);
    expect(titles).toContain('Refund credited to your wallet');
  });

  it('a wallet refund shows in the view as WALLET for the parties only', async () => {
    const { transactionId, disputeId } = await paidAndDisputed('WALLET');
    expect(
      (await get(app, cast.buyer, `/api/transactions/${transactionId}`)).json().data.transaction.refund,
    ).toBeNull();
    expect((await decide(disputeId, 'REFUND_PARTIAL')).statusCode).toBe(200);
    for (const party of [cast.buyer, cast.seller]) {
      const view = await get(app, party, `/api/transactions/${transactionId}`);
      expect(view.json().data.transaction.refund).toEqual({
        destination: 'WALLET',
        status: 'SUCCEEDED',
        amount: 400,
      });
    }
  });
});

describe('the sandbox provider', () => {
  it('is idempotent by our refund id: a resend is the same refund, and the look-up finds it', async () => {
    const sandbox = createSandboxProvider(app.deps.db);
    const input = {
      reference: 'PAY_x',
      amountMinor: 100,
      currency: 'NGN',
      idempotencyKey: 'amana-refund:r1',
    };
    const find = {
      reference: 'PAY_x',
      currency: 'NGN',
      idempotencyKey: 'amana-refund:r1',
      since: new Date(),
    };
    expect(await sandbox.findRefund(find)).toBeNull();
    const first = await sandbox.refund(input);
    expect(await sandbox.refund(input)).toEqual(first);
    expect(await sandbox.findRefund(find)).toEqual(first);
    expect(await sandbox.findRefund({ ...find, idempotencyKey: 'amana-refund:r2' })).toBeNull();
  });
});
