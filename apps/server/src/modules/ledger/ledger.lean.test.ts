import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../wallet/wallet.test-helpers.ts';
import { runLedgerChecks } from './ledger.check.ts';
import { callLedger, describeAccounts, LEDGER_CALLS, LOCK_RANKS } from './ledger.post.ts';
import {
  accountCodes,
  checkLedger,
  getHold,
  holdFromWallet,
  postEntry,
  refundHold,
  releaseHold,
  walletBalanceMinor,
} from './ledger.service.ts';

/**
 * The lean money cycle (migration 0029): the hold and resolution functions check their own legs
 * (accounts, currency, balance, non-negative balances) instead of the postings trigger, the postings have
 * no foreign keys, and every rule still holds, through the functions and through SQL written by hand.
 * Both engines. Every test that breaks a rule rolls back, so the ledger check after the file stays clean.
 */
let app: App;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createTestUser(app);
  seller = await createTestUser(app);
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

async function fund(userId: string, amountMinor: number) {
  await postEntry(app.deps.db, {
    idempotencyKey: `lean-fund:${randomUUID()}`,
    kind: 'DEPOSIT',
    description: 'Test funding',
    currency: 'NGN',
    userId,
    postings: [
      { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -amountMinor },
      { accountCode: accountCodes.userWallet(userId, 'NGN'), amountMinor },
    ],
  });
}

async function heldTrade(amountMinor = 10_250) {
  await fund(buyer.user.id, amountMinor);
  const transactionId = randomUUID();
  await holdFromWallet(app.deps.db, {
    transactionId,
    buyerId: buyer.user.id,
    sellerId: seller.user.id,
    currency: 'NGN',
    amountMinor,
    idempotencyKey: `hold:${transactionId}`,
  });
  return transactionId;
}

/** Drizzle wraps driver errors ('Failed query: ...'); the database's own message is the cause. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, 'the change was accepted').not.toBeNull();
  return `${error!.message} ${error!.cause?.message ?? ''}`;
}

const count = async (query: ReturnType<typeof sql>) =>
  ((await app.deps.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('the hold function checks its own legs', () => {
  it('refuses a source account in another currency than the hold, and writes nothing', async () => {
    await fund(buyer.user.id, 1_000);
    const transactionId = randomUUID();
    const key = `hold:${transactionId}`;
    // The buyer's NGN wallet as the source of a USD hold: only a hand-made call can ask for it.
    const legs = [
      { postingId: uuidv7(), amount: -1_000, code: accountCodes.userWallet(buyer.user.id, 'NGN') },
      { postingId: uuidv7(), amount: 1_000, code: accountCodes.escrow(transactionId) },
    ];
    const message = await refusal(
      callLedger(app.deps.db, 'ESCROW_HOLD', LEDGER_CALLS.holdEscrow, {
        hold: JSON.stringify({
          id: uuidv7(),
          transactionId,
          buyerId: buyer.user.id,
          sellerId: null,
          currency: 'USD',
          amount: 1_000,
        }),
        entry: JSON.stringify({
          id: uuidv7(),
          idempotencyKey: key,
          kind: 'ESCROW_HOLD',
          description: 'Escrow payment from wallet',
          currency: 'USD',
          userId: buyer.user.id,
          transactionId,
          metadata: {},
        }),
        legs: JSON.stringify(legs),
        accounts: JSON.stringify(describeAccounts(new Set(legs.map((l) => l.code)), 'USD')),
        ranks: LOCK_RANKS,
      }),
    );
    expect(message).toMatch(/posting in USD on an account in NGN/);
    expect(await getHold(app.deps.db, transactionId)).toBeNull();
    expect(
      await count(sql`select count(*)::int as n from journal_entries where idempotency_key = ${key}`),
    ).toBe(0);
  });

  it('refuses a hold beyond the wallet, and leaves no hold, entry or escrow account behind', async () => {
    const poor = await createTestUser(app);
    await fund(poor.user.id, 999);
    const transactionId = randomUUID();
    await expect(
      holdFromWallet(app.deps.db, {
        transactionId,
        buyerId: poor.user.id,
        currency: 'NGN',
        amountMinor: 1_000,
        idempotencyKey: `hold:${transactionId}`,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });
    expect(await getHold(app.deps.db, transactionId)).toBeNull();
    expect(await walletBalanceMinor(app.deps.db, poor.user.id, 'NGN')).toBe(999);
    expect(
      await count(
        sql`select count(*)::int as n from ledger_accounts where code = ${accountCodes.escrow(transactionId)}`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from journal_entries where transaction_id = ${transactionId}`,
      ),
    ).toBe(0);
  });

  it('refuses a hold from a wallet that was never funded (created, then refused, then gone)', async () => {
    const newcomer = await createTestUser(app);
    const transactionId = randomUUID();
    await expect(
      holdFromWallet(app.deps.db, {
        transactionId,
        buyerId: newcomer.user.id,
        currency: 'NGN',
        amountMinor: 1_000,
        idempotencyKey: `hold:${transactionId}`,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(
      await count(
        sql`select count(*)::int as n from ledger_accounts where code = ${accountCodes.userWallet(newcomer.user.id, 'NGN')}`,
      ),
    ).toBe(0);
  });
});

describe('the resolve function checks its own legs', () => {
  it('refuses a refund to an account in another currency than the hold, and the hold stays HELD', async () => {
    const transactionId = await heldTrade();
    const message = await refusal(
      refundHold(app.deps.db, {
        transactionId,
        buyerAmountMinor: 10_250,
        sellerAmountMinor: 0,
        feeMinor: 0,
        idempotencyKey: `refund:${transactionId}`,
        buyerRefundTo: 'provider',
        // The clearing account of another currency than the hold's NGN.
        currency: 'XTS',
      }),
    );
    expect(message).toMatch(/posting in NGN on an account in XTS/);
    expect((await getHold(app.deps.db, transactionId))?.status).toBe('HELD');
  });

  it('refuses legs that do not balance, and the hold stays HELD', async () => {
    const transactionId = await heldTrade();
    const message = await refusal(
      callLedger(app.deps.db, 'ESCROW_RELEASE', LEDGER_CALLS.resolveEscrow, {
        // total matches the hold, but price + fee is one kobo short: only a hand-made call can say so.
        resolution: JSON.stringify({
          transactionId,
          status: 'RELEASED',
          idempotencyKey: `release:${transactionId}`,
          description: 'Escrow released to seller',
          total: 10_250,
          sellerId: seller.user.id,
          priceMinor: 10_000,
          feeMinor: 249,
          entryId: uuidv7(),
          postingIds: [uuidv7(), uuidv7(), uuidv7(), uuidv7()],
        }),
        accounts: JSON.stringify(
          describeAccounts(
            [accountCodes.userWallet(seller.user.id, 'NGN'), accountCodes.platformFees('NGN')],
            'NGN',
          ),
        ),
        ranks: LOCK_RANKS,
      }),
    );
    expect(message).toMatch(/does not balance: NGN sums to -1/);
    expect((await getHold(app.deps.db, transactionId))?.status).toBe('HELD');
  });

  it('keeps the escrow account from going below zero (the balance guard still fires)', async () => {
    const transactionId = await heldTrade();
    const escrow = accountCodes.escrow(transactionId);
    let refused: unknown;
    await expect(
      app.deps.db.transaction(async (tx) => {
        // A cached balance altered by hand (the reconciliation would report it): the release must not
        // take the escrow account below zero.
        await tx.execute(sql`update ledger_accounts set balance = 0 where code = ${escrow}`);
        refused = await releaseHold(tx, {
          transactionId,
          sellerId: seller.user.id,
          priceMinor: 10_000,
          feeMinor: 250,
          idempotencyKey: `release:${transactionId}`,
        }).catch((error: unknown) => error);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(refused).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await getHold(app.deps.db, transactionId))?.status).toBe('HELD');
    // Released for real, the trade leaves the ledger clean for the check after this file.
    await releaseHold(app.deps.db, {
      transactionId,
      sellerId: seller.user.id,
      priceMinor: 10_000,
      feeMinor: 250,
      idempotencyKey: `release:${transactionId}`,
    });
  });
});

describe('SQL written by hand is still checked', () => {
  async function somePosting() {
    await fund(buyer.user.id, 500);
    const result = (await app.deps.db.execute(
      sql`select p.entry_id, p.account_id from postings p join ledger_accounts a on a.id = p.account_id
          where a.code = ${accountCodes.userWallet(buyer.user.id, 'NGN')} order by p.created_at desc limit 1`,
    )) as unknown as { rows: { entry_id: string; account_id: string }[] };
    return result.rows[0]!;
  }

  it('refuses a posting on an account or of an entry that does not exist', async () => {
    const { entry_id, account_id } = await somePosting();
    expect(
      await refusal(
        app.deps.db.execute(
          sql`insert into postings (id, entry_id, account_id, amount, currency)
              values (${randomUUID()}, ${entry_id}, 'no-such-account', 5, 'NGN'),
                     (${randomUUID()}, ${entry_id}, ${account_id}, -5, 'NGN')`,
        ),
      ),
    ).toMatch(/violates foreign key constraint "postings_account_id_ledger_accounts_id_fk"/);
    expect(
      await refusal(
        app.deps.db.execute(
          sql`insert into postings (id, entry_id, account_id, amount, currency)
              values (${randomUUID()}, 'no-such-entry', ${account_id}, 5, 'NGN'),
                     (${randomUUID()}, 'no-such-entry', ${account_id}, -5, 'NGN')`,
        ),
      ),
    ).toMatch(/violates foreign key constraint "postings_entry_id_journal_entries_id_fk"/);
  });

  it('checks a posting written by hand after a ledger function in the same transaction', async () => {
    const { entry_id, account_id } = await somePosting();
    await fund(buyer.user.id, 1_000);
    const transactionId = randomUUID();
    const message = await refusal(
      app.deps.db.transaction(async (tx) => {
        await holdFromWallet(tx, {
          transactionId,
          buyerId: buyer.user.id,
          currency: 'NGN',
          amountMinor: 1_000,
          idempotencyKey: `hold:${transactionId}`,
        });
        await tx.execute(
          sql`insert into postings (id, entry_id, account_id, amount, currency)
              values (${randomUUID()}, ${entry_id}, ${account_id}, 7, 'NGN')`,
        );
      }),
    );
    expect(message).toMatch(/does not balance/);
    expect(await getHold(app.deps.db, transactionId)).toBeNull();
  });

  it('refuses at commit an entry written by hand without postings, after a ledger function wrote one', async () => {
    await fund(buyer.user.id, 1_000);
    const transactionId = randomUUID();
    const message = await refusal(
      app.deps.db.transaction(async (tx) => {
        await holdFromWallet(tx, {
          transactionId,
          buyerId: buyer.user.id,
          currency: 'NGN',
          amountMinor: 1_000,
          idempotencyKey: `hold:${transactionId}`,
        });
        const entryId = randomUUID();
        await tx.execute(
          sql`insert into journal_entries (id, idempotency_key, kind, description)
              values (${entryId}, ${`raw:${entryId}`}, 'DEPOSIT', 'raw')`,
        );
      }),
    );
    expect(message).toMatch(/at least two are required/);
    expect(await getHold(app.deps.db, transactionId)).toBeNull();
  });

  it('refuses to delete, truncate or re-key a ledger account', async () => {
    const code = accountCodes.userWallet(buyer.user.id, 'NGN');
    await fund(buyer.user.id, 1);
    // Each in a transaction rolled back even if the database let it through: the database is shared.
    const attempt = (statement: ReturnType<typeof sql>) =>
      refusal(
        app.deps.db.transaction(async (tx) => {
          await tx.execute(statement);
          throw new Error('the database accepted it (rolled back)');
        }),
      );
    expect(await attempt(sql`delete from ledger_accounts where code = ${code}`)).toMatch(
      /ledger accounts are kept \(postings refer to them\): DELETE/,
    );
    expect(await attempt(sql`truncate ledger_accounts`)).toMatch(/ledger accounts are kept.*TRUNCATE/);
    expect(await attempt(sql`update ledger_accounts set id = ${randomUUID()} where code = ${code}`)).toMatch(
      /ledger accounts are kept.*UPDATE/,
    );
    expect(await attempt(sql`update ledger_accounts set currency = 'USD' where code = ${code}`)).toMatch(
      /ledger accounts are kept.*UPDATE/,
    );
    // The balance moves as before.
    expect(await walletBalanceMinor(app.deps.db, buyer.user.id, 'NGN')).toBeGreaterThan(0);
  });

  it('reconciles postings that skipped the checks (missing entry or account, another currency)', async () => {
    const { entry_id, account_id } = await somePosting();
    let report: Awaited<ReturnType<typeof runLedgerChecks>> | undefined;
    const [noEntry, noAccount, otherCurrency] = [randomUUID(), randomUUID(), randomUUID()];
    await expect(
      app.deps.db.transaction(async (tx) => {
        // What the setting allows (migration 0029): postings the trigger does not look at.
        await tx.execute(sql`select set_config('ledger.checked_postings', 'on', true)`);
        await tx.execute(
          sql`insert into postings (id, entry_id, account_id, amount, currency) values
              (${noEntry}, 'no-such-entry', ${account_id}, 1, 'NGN'),
              (${noAccount}, ${entry_id}, 'no-such-account', 1, 'NGN'),
              (${otherCurrency}, ${entry_id}, ${account_id}, -2, 'USD')`,
        );
        report = await runLedgerChecks(tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(report?.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'POSTING_WITHOUT_ENTRY', subject: noEntry }),
        expect.objectContaining({ kind: 'POSTING_WITHOUT_ACCOUNT', subject: noAccount }),
        expect.objectContaining({
          kind: 'CURRENCY_MISMATCH',
          subject: otherCurrency,
          detail: 'posting in USD on an account in NGN',
        }),
      ]),
    );
  });
});
