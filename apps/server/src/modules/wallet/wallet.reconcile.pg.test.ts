import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/ledger.service.ts';
import { PaystackStandIn } from '../payments/paystack-stand-in.test-helpers.ts';
import { reconcilePendingWithdrawals } from './wallet.reconcile.ts';
import { reconcileEnv, reconcileHelpers } from './wallet.reconcile.test-support.ts';
import { balanceOf } from './wallet.test-helpers.ts';

/** Needs real concurrency: PostgreSQL with a connection pool. Runs in the service suite only. */
describe.runIf(Boolean(inject('databaseUrl')))('two server processes on one PostgreSQL database', () => {
  const paystack = new PaystackStandIn();
  let app: App;
  let second: App;
  let helpers: ReturnType<typeof reconcileHelpers>;
  beforeAll(async () => {
    const url = await paystack.start();
    app = await createTestApp(reconcileEnv(url));
    second = await createTestApp(reconcileEnv(url));
    helpers = reconcileHelpers(app, paystack);
  });
  afterAll(async () => {
    expect((await checkLedger(app.db)).problems).toEqual([]);
    await Promise.all([app.close(), second.close()]);
    await paystack.stop();
  });

  it('resends each lost transfer exactly once while both reconcile at the same time', async () => {
    const lost = [];
    for (let i = 0; i < 4; i += 1) lost.push(await helpers.withdrawUnknownOutcome('error', 100));
    await Promise.all(lost.map(({ reference }) => helpers.age(reference)));
    paystack.transferAnswer = 'success';
    await Promise.all([
      reconcilePendingWithdrawals(app),
      reconcilePendingWithdrawals(second),
      reconcilePendingWithdrawals(app),
      reconcilePendingWithdrawals(second),
    ]);
    for (const { user, reference } of lost) {
      expect(helpers.transferPostsFor(reference)).toBe(2);
      expect(await helpers.statusOf(reference)).toBe('COMPLETED');
      expect(await balanceOf(app, user)).toBe(850);
    }
  });
});
