import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../wallet/wallet.test-helpers.ts';
import { LEDGER_CALLS } from './ledger.post.ts';
import { accountCodes, checkLedger, holdFromWallet, postEntry, releaseHold } from './ledger.service.ts';

/**
 * Each money event is one named prepared statement (ledger.post.ts, callLedger): a connection parses and
 * plans the call to the ledger function once, then only binds and runs it. Seen from PostgreSQL, on a
 * pool of one connection: pg_prepared_statements holds the calls under their names.
 */
describe.runIf(Boolean(inject('databaseUrl')))('ledger calls (PostgreSQL)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(app.deps.db)).problems).toEqual([]);
    await app.close();
  });

  it('are named prepared statements, one per ledger function', async () => {
    const database = await openDatabase({ kind: 'postgres', url: inject('databaseUrl')!, poolMax: 1 });
    try {
      const buyer = await createTestUser(app);
      const seller = await createTestUser(app);
      await postEntry(database.db, {
        idempotencyKey: `prepared-fund:${randomUUID()}`,
        kind: 'DEPOSIT',
        description: 'Test funding',
        currency: 'NGN',
        userId: buyer.user.id,
        postings: [
          { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -2_000 },
          { accountCode: accountCodes.userWallet(buyer.user.id, 'NGN'), amountMinor: 2_000 },
        ],
      });
      for (let i = 0; i < 2; i += 1) {
        const transactionId = randomUUID();
        await holdFromWallet(database.db, {
          transactionId,
          buyerId: buyer.user.id,
          currency: 'NGN',
          amountMinor: 1_000,
          idempotencyKey: `hold:${transactionId}`,
        });
        await releaseHold(database.db, {
          transactionId,
          sellerId: seller.user.id,
          priceMinor: 975,
          feeMinor: 25,
          idempotencyKey: `release:${transactionId}`,
        });
      }
      const { rows } = (await database.db.execute(
        sql`select name from pg_prepared_statements where name like 'ledger%'`,
      )) as unknown as { rows: { name: string }[] };
      expect(rows.map((r) => r.name).sort()).toEqual(
        [LEDGER_CALLS.postEntry.name, LEDGER_CALLS.holdEscrow.name, LEDGER_CALLS.resolveEscrow.name].sort(),
      );
    } finally {
      await database.close();
    }
  });
});
