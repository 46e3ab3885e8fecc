import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { withdrawals } from '../../db/schema/wallet.ts';
import { sign, TEST_SECRET, type PaystackStandIn } from '../payments/paystack-stand-in.test-helpers.ts';
import { addBank, balanceOf, createTestUser, deposit } from './wallet.test-helpers.ts';

export const AFTER_SECONDS = 600;

export const reconcileEnv = (paystackUrl: string) => ({
  PAYSTACK_SECRET_KEY: TEST_SECRET,
  PAYSTACK_BASE_URL: paystackUrl,
  WITHDRAWAL_RECONCILE_AFTER_SECONDS: String(AFTER_SECONDS),
});

/** A signed Paystack webhook delivered to the app. */
export const paystackWebhook = (app: App, event: string, data: Record<string, unknown>) => {
  const body = JSON.stringify({ event, data });
  return app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
    payload: body,
  });
};

/** Helpers for withdrawals whose payout outcome is unknown, against one app and its Paystack stand-in. */
export function reconcileHelpers(app: App, paystack: PaystackStandIn) {
  /**
   * Makes a withdrawal (and its last check) look `seconds` older. Ageing the rows rather than moving the
   * job's clock keeps other test files' fresh withdrawals out of reach when the suite shares one
   * PostgreSQL database.
   */
  async function age(reference: string, seconds = AFTER_SECONDS + 1) {
    const by = sql`make_interval(secs => ${seconds})`;
    await app.deps.db
      .update(withdrawals)
      .set({
        createdAt: sql`${withdrawals.createdAt} - ${by}`,
        lastCheckedAt: sql`${withdrawals.lastCheckedAt} - ${by}`,
      })
      .where(eq(withdrawals.reference, reference));
  }

  async function fundedUser(amount: number) {
    const user = await createTestUser(app);
    const dep = (await deposit(app, user, amount)).json().data.deposit as { reference: string };
    const credited = await paystackWebhook(app, 'charge.success', {
      id: randomUUID(),
      reference: dep.reference,
      amount: amount * 100,
      currency: 'NGN',
    });
    expect(credited.json().data.outcome).toBe('credited');
    const bank = await addBank(app, user, '044', '123456789');
    return { user, bank };
  }

  async function withdrawUnknownOutcome(answer: 'error' | 'lost', amount = 400) {
    const { user, bank } = await fundedUser(1_000);
    paystack.transferAnswer = answer;
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: user.headers,
      payload: { amount, bankAccountId: bank.id },
    });
    expect(res.json().data.withdrawal.status).toBe('pending');
    expect(await balanceOf(app, user)).toBe(1_000 - amount - 50);
    paystack.transferAnswer = 'pending';
    return { user, reference: res.json().data.withdrawal.reference as string };
  }

  const statusOf = async (reference: string) =>
    (await app.deps.db.select().from(withdrawals).where(eq(withdrawals.reference, reference)))[0]!.status;

  const transferPostsFor = (reference: string) =>
    paystack.calls.filter((c) => c.path === '/transfer' && c.body.reference === reference).length;

  return { age, fundedUser, withdrawUnknownOutcome, statusOf, transferPostsFor };
}
