import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { PaystackStandIn } from '../payments/paystack-stand-in.test-helpers.ts';
import { reconcilePendingWithdrawals } from './wallet.reconcile.ts';
import { reconcileEnv, reconcileHelpers } from './wallet.reconcile.test-support.ts';
import { balanceOf } from './wallet.test-helpers.ts';

/**
 * Needs real concurrency: PostgreSQL with a connection pool, so it runs in the service suite only.
 * This file uses a database of its own. The job settles every aged withdrawal of its provider.
 * On the run's shared database, this file and wallet.reconcile.test.ts would claim each other's rows.
 */
async function adminQuery(serverUrl: string, query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.runIf(Boolean(inject('databaseUrl')))('two server processes on one PostgreSQL database', () => {
  const paystack = new PaystackStandIn();
  const shared = new URL(inject('databaseUrl') || 'postgres://unused/none');
  const name = `${shared.pathname.slice(1)}_reconcile`;
  const own = new URL(shared);
  own.pathname = `/${name}`;
  let app: App;
  let second: App;
  let helpers: ReturnType<typeof reconcileHelpers>;
  beforeAll(async () => {
    await adminQuery(shared.toString(), `create database ${name}`);
    const env = { ...reconcileEnv(await paystack.start()), DATABASE_URL: own.toString() };
    app = await createTestApp(env);
    second = await createTestApp(env);
    helpers = reconcileHelpers(app, paystack);
  });
  afterAll(async () => {
    expect((await checkLedger(app.deps.db)).problems).toEqual([]);
    await Promise.all([app.close(), second.close()]);
    await paystack.stop();
    await adminQuery(shared.toString(), `drop database if exists ${name} with (force)`);
  });

  it('resends each lost transfer exactly once while both reconcile at the same time', async () => {
    const lost = [];
    for (let i = 0; i < 4; i += 1) lost.push(await helpers.withdrawUnknownOutcome('error', 100));
    await Promise.all(lost.map(({ reference }) => helpers.age(reference)));
    paystack.transferAnswer = 'success';
    await Promise.all([
      reconcilePendingWithdrawals(app.deps),
      reconcilePendingWithdrawals(second.deps),
      reconcilePendingWithdrawals(app.deps),
      reconcilePendingWithdrawals(second.deps),
    ]);
    for (const { user, reference } of lost) {
      expect(helpers.transferPostsFor(reference)).toBe(2);
      expect(await helpers.statusOf(reference)).toBe('COMPLETED');
      expect(await balanceOf(app, user)).toBe(850);
    }
  });
});
