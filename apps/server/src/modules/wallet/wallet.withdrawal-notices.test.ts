import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { PaystackStandIn } from '../payments/paystack-stand-in.test-helpers.ts';
import { reconcilePendingWithdrawals } from './wallet.reconcile.ts';
import { paystackWebhook, reconcileEnv, reconcileHelpers } from './wallet.reconcile.test-support.ts';

/** A withdrawal's outcome learned later (webhook or reconciliation) reaches its owner: a row, live, and e-mail. */
let app: App;
const paystack = new PaystackStandIn();
let helpers: ReturnType<typeof reconcileHelpers>;

beforeAll(async () => {
  app = await createTestApp(reconcileEnv(await paystack.start()));
  helpers = reconcileHelpers(app, paystack);
});
afterAll(async () => {
  await app.close();
  await paystack.stop();
});

type Note = { title: string; message: string; type: string; metadata: { reference?: string } };
const notesOf = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/notifications', headers })).json().data
    .notifications as Note[];

describe('withdrawal outcomes notify their owner', () => {
  it('a transfer.success webhook: one "Withdrawal paid" notification, and an e-mail; a redelivery adds none', async () => {
    const { user, reference } = await helpers.withdrawUnknownOutcome('lost');
    const pushed: { event: string; title: string }[] = [];
    const toUser = app.deps.realtime.toUser;
    app.deps.realtime.toUser = (userId, event, payload) => {
      pushed.push({ event, title: (payload as { title?: string }).title ?? '' });
      toUser(userId, event, payload);
    };
    try {
      const res = await paystackWebhook(app, 'transfer.success', { id: 501, reference });
      expect(res.json().data.outcome).toBe('settled');
      await paystackWebhook(app, 'transfer.success', { id: 501, reference });
    } finally {
      app.deps.realtime.toUser = toUser;
    }
    const paid = (await notesOf(user.headers)).filter((n) => n.title === 'Withdrawal paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ type: 'PAYMENT', metadata: { reference } });
    expect(pushed).toContainEqual({ event: 'notification', title: 'Withdrawal paid' });
    expect(await mailsTo(app, user.user.email, { subject: 'Withdrawal paid' })).toHaveLength(1);
  });

  it('a failure found by reconciliation: "Withdrawal failed", the money back', async () => {
    const { user, reference } = await helpers.withdrawUnknownOutcome('lost');
    paystack.transfers.set(reference, 'reversed');
    await helpers.age(reference);
    await reconcilePendingWithdrawals(app.deps);
    const failed = (await notesOf(user.headers)).filter((n) => n.title === 'Withdrawal failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toContain('back in your wallet');
  });
});
