import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { PaystackStandIn } from '../payments/paystack-stand-in.test-helpers.ts';
import { reconcilePendingWithdrawals } from './wallet.reconcile.ts';
import {
  AFTER_SECONDS,
  paystackWebhook,
  reconcileEnv,
  reconcileHelpers,
} from './wallet.reconcile.test-support.ts';
import { balanceOf } from './wallet.test-helpers.ts';

/**
 * Withdrawals whose payout outcome was never learned (timeout, 5xx, lost webhook) are settled by asking
 * Paystack (a local stand-in over real HTTP), after WITHDRAWAL_RECONCILE_AFTER_SECONDS.
 */
let app: App;
const paystack = new PaystackStandIn();
let age: ReturnType<typeof reconcileHelpers>['age'];
let withdrawUnknownOutcome: ReturnType<typeof reconcileHelpers>['withdrawUnknownOutcome'];
let statusOf: ReturnType<typeof reconcileHelpers>['statusOf'];
let transferPostsFor: ReturnType<typeof reconcileHelpers>['transferPostsFor'];

beforeAll(async () => {
  app = await createTestApp(reconcileEnv(await paystack.start()));
  ({ age, withdrawUnknownOutcome, statusOf, transferPostsFor } = reconcileHelpers(app, paystack));
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
  await paystack.stop();
});
beforeEach(() => {
  paystack.transferAnswer = 'pending';
});

describe('reconciling withdrawals left pending', () => {
  it('leaves a withdrawal alone before the waiting period has passed', async () => {
    const { reference } = await withdrawUnknownOutcome('lost');
    paystack.transfers.set(reference, 'success');
    await age(reference, AFTER_SECONDS - 60);
    await reconcilePendingWithdrawals(app.deps);
    expect(await statusOf(reference)).toBe('PENDING');
    expect(paystack.calls.some((c) => c.path === `/transfer/verify/${reference}`)).toBe(false);
  });

  it('completes a transfer Paystack paid, without a second payout', async () => {
    const { user, reference } = await withdrawUnknownOutcome('lost');
    paystack.transfers.set(reference, 'success');
    await age(reference);
    const counts = await reconcilePendingWithdrawals(app.deps);
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(reference)).toBe('COMPLETED');
    expect(await balanceOf(app, user)).toBe(550);
    expect(transferPostsFor(reference)).toBe(1);
  });

  it('returns amount and fee to the wallet when Paystack reports the transfer failed, exactly once', async () => {
    const { user, reference } = await withdrawUnknownOutcome('lost');
    paystack.transfers.set(reference, 'reversed');
    await age(reference);
    await reconcilePendingWithdrawals(app.deps);
    expect(await statusOf(reference)).toBe('FAILED');
    expect(await balanceOf(app, user)).toBe(1_000);
    // A late transfer.failed webhook changes nothing.
    const late = await paystackWebhook(app, 'transfer.failed', { id: 77, reference });
    expect(late.json().data.outcome).toBe('ignored');
    expect(await balanceOf(app, user)).toBe(1_000);
  });

  it('keeps a transfer still on its way pending, and looks again only after another period', async () => {
    const { user, reference } = await withdrawUnknownOutcome('lost');
    await age(reference);
    await reconcilePendingWithdrawals(app.deps);
    expect(await statusOf(reference)).toBe('PENDING');
    const checks = () => paystack.calls.filter((c) => c.path === `/transfer/verify/${reference}`).length;
    expect(checks()).toBe(1);
    paystack.transfers.set(reference, 'success');
    await reconcilePendingWithdrawals(app.deps);
    expect(checks()).toBe(1);
    await age(reference);
    await reconcilePendingWithdrawals(app.deps);
    expect(checks()).toBe(2);
    expect(await statusOf(reference)).toBe('COMPLETED');
    expect(await balanceOf(app, user)).toBe(550);
  });

  it('sends again, with the same reference, a transfer that never reached Paystack', async () => {
    const { user, reference } = await withdrawUnknownOutcome('error');
    expect(paystack.transfers.has(reference)).toBe(false);
    paystack.transferAnswer = 'success';
    await age(reference);
    await reconcilePendingWithdrawals(app.deps);
    expect(paystack.transfers.get(reference)).toBe('success');
    expect(await statusOf(reference)).toBe('COMPLETED');
    expect(await balanceOf(app, user)).toBe(550);
    const resent = paystack.calls.filter((c) => c.path === '/transfer' && c.body.reference === reference);
    expect(resent.at(-1)!.body).toMatchObject({ amount: 40_000, reference });
  });

  it('returns the money when Paystack refuses the resent transfer and still has none', async () => {
    const { user, reference } = await withdrawUnknownOutcome('error');
    paystack.transferAnswer = 'refused';
    await age(reference);
    await reconcilePendingWithdrawals(app.deps);
    expect(await statusOf(reference)).toBe('FAILED');
    expect(await balanceOf(app, user)).toBe(1_000);
  });

  it('never pays twice when two passes check the same withdrawal at once', async () => {
    const { user, reference } = await withdrawUnknownOutcome('error');
    paystack.transferAnswer = 'success';
    await age(reference);
    await Promise.all([reconcilePendingWithdrawals(app.deps), reconcilePendingWithdrawals(app.deps)]);
    // The first attempt (which never arrived) and exactly one resend.
    expect(transferPostsFor(reference)).toBe(2);
    expect(await statusOf(reference)).toBe('COMPLETED');
    expect(await balanceOf(app, user)).toBe(550);
  });
});
