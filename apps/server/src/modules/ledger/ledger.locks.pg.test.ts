import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../wallet/wallet.test-helpers.ts';
import {
  accountCodes,
  checkLedger,
  holdFromWallet,
  postEntry,
  walletBalanceMinor,
} from './ledger.service.ts';

/**
 * Balance rows are the rows money events queue on (the platform fee account takes every release), and
 * a row lock lasts until commit. The ledger writes an entry's postings first and locks the balances
 * last, so an account is held only for its update and the commit (migration 0015). Seen from outside:
 * an event waiting for a busy account has already written its postings.
 */
describe.runIf(Boolean(inject('databaseUrl')))('balance locks come last (PostgreSQL)', () => {
  let app: App;
  let other: pg.Client;
  beforeAll(async () => {
    app = await createTestApp();
    other = new pg.Client({ connectionString: inject('databaseUrl') });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    expect((await checkLedger(app.deps.db)).problems).toEqual([]);
    await app.close();
  });

  it('writes the postings of a hold before it waits for the wallet another transaction holds', async () => {
    const buyer = await createTestUser(app);
    const wallet = accountCodes.userWallet(buyer.user.id, 'NGN');
    await postEntry(app.deps.db, {
      idempotencyKey: `locks-fund:${randomUUID()}`,
      kind: 'DEPOSIT',
      description: 'Test funding',
      currency: 'NGN',
      userId: buyer.user.id,
      postings: [
        { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -5_000 },
        { accountCode: wallet, amountMinor: 5_000 },
      ],
    });
    // Another transaction has the wallet's balance row (as a concurrent payment of the same buyer would).
    await other.query('begin');
    await other.query('update ledger_accounts set updated_at = now() where code = $1', [wallet]);
    const transactionId = randomUUID();
    const hold = holdFromWallet(app.deps.db, {
      transactionId,
      buyerId: buyer.user.id,
      currency: 'NGN',
      amountMinor: 5_000,
      idempotencyKey: `hold:${transactionId}`,
    });
    // The only statement our lock can block is the hold (the new buyer's wallet is nobody else's).
    let waiting: { pid: number; wrote_postings: boolean } | undefined;
    try {
      for (let attempt = 0; attempt < 500 && !waiting; attempt += 1) {
        const { rows } = await other.query<{ pid: number; wrote_postings: boolean }>(
          `select a.pid, exists (select 1 from pg_locks l where l.pid = a.pid and l.granted
                                   and l.relation = 'postings'::regclass) as wrote_postings
             from pg_stat_activity a
            where pg_backend_pid() = any (pg_blocking_pids(a.pid))`,
        );
        waiting = rows[0];
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await other.query('rollback');
    }
    expect(waiting).toMatchObject({ wrote_postings: true });
    expect((await hold).hold.status).toBe('HELD');
    expect(await walletBalanceMinor(app.deps.db, buyer.user.id, 'NGN')).toBe(0);
  });
});
