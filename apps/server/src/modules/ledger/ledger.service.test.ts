import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { migrationStatement } from '../../testing/migration-statement.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../wallet/wallet.test-helpers.ts';
import { runLedgerChecks } from './ledger.check.ts';
import {
  accountCodes,
  checkLedger,
  getHold,
  holdFromProvider,
  holdFromWallet,
  postEntry,
  refundHold,
  releaseHold,
  releaseHoldPart,
  walletBalanceMinor,
} from './ledger.service.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createTestUser(app);
  seller = await createTestUser(app);
});
afterAll(async () => {
  const report = await checkLedger(app.deps.db);
  expect(report.problems).toEqual([]);
  await app.close();
});

async function fund(userId: string, amountMinor: number) {
  await app.deps.db.transaction((tx) =>
    postEntry(tx, {
      idempotencyKey: `test-fund:${randomUUID()}`,
      kind: 'DEPOSIT',
      description: 'Test funding',
      currency: 'NGN',
      userId,
      postings: [
        { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -amountMinor },
        { accountCode: accountCodes.userWallet(userId, 'NGN'), amountMinor },
      ],
    }),
  );
}

const balance = (userId: string) => walletBalanceMinor(app.deps.db, userId, 'NGN');

describe('escrow holds', () => {
  it('holds from the wallet, releases price to the seller and fee to the platform, exactly once', async () => {
    await fund(buyer.user.id, 102_500_00);
    const transactionId = randomUUID();
    const feesBefore = await app.deps.db.transaction((tx) =>
      walletlessBalance(tx, accountCodes.platformFees('NGN')),
    );
    const held = await app.deps.db.transaction((tx) =>
      holdFromWallet(tx, {
        transactionId,
        buyerId: buyer.user.id,
        currency: 'NGN',
        amountMinor: 102_500_00,
        idempotencyKey: `hold:${transactionId}`,
      }),
    );
    expect(held.replayed).toBe(false);
    expect(await balance(buyer.user.id)).toBe(0);
    expect((await getHold(app.deps.db, transactionId))?.status).toBe('HELD');

    const replay = await app.deps.db.transaction((tx) =>
      holdFromWallet(tx, {
        transactionId,
        buyerId: buyer.user.id,
        currency: 'NGN',
        amountMinor: 102_500_00,
        idempotencyKey: `hold:${transactionId}`,
      }),
    );
    expect(replay).toMatchObject({ replayed: true, entryId: held.entryId });

    const release = (key: string) =>
      app.deps.db.transaction((tx) =>
        releaseHold(tx, {
          transactionId,
          sellerId: seller.user.id,
          priceMinor: 100_000_00,
          feeMinor: 2_500_00,
          idempotencyKey: key,
        }),
      );
    await release(`release:${transactionId}`);
    expect(await balance(seller.user.id)).toBe(100_000_00);
    const feesAfter = await app.deps.db.transaction((tx) =>
      walletlessBalance(tx, accountCodes.platformFees('NGN')),
    );
    expect(feesAfter - feesBefore).toBe(2_500_00);
    expect((await getHold(app.deps.db, transactionId))?.status).toBe('RELEASED');

    // Same key: replay, nothing moves. Another key: the hold is already resolved.
    expect((await release(`release:${transactionId}`)).replayed).toBe(true);
    await expect(release(`other:${transactionId}`)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Escrow has already been resolved',
    });
    await expect(
      app.deps.db.transaction((tx) =>
        refundHold(tx, {
          transactionId,
          buyerAmountMinor: 102_500_00,
          sellerAmountMinor: 0,
          feeMinor: 0,
          idempotencyKey: `refund:${transactionId}`,
        }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await balance(seller.user.id)).toBe(100_000_00);
    expect(await balance(buyer.user.id)).toBe(0);
  });

  it('refuses a hold larger than the wallet and writes nothing', async () => {
    const poor = await createTestUser(app);
    await fund(poor.user.id, 1_000_00);
    const transactionId = randomUUID();
    await expect(
      app.deps.db.transaction((tx) =>
        holdFromWallet(tx, {
          transactionId,
          buyerId: poor.user.id,
          currency: 'NGN',
          amountMinor: 1_000_01,
          idempotencyKey: `hold:${transactionId}`,
        }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });
    expect(await getHold(app.deps.db, transactionId)).toBeNull();
    expect(await balance(poor.user.id)).toBe(1_000_00);
  });

  it('refunds in full, or splits the price on a partial refund while the platform keeps the fee', async () => {
    const full = randomUUID();
    const partial = randomUUID();
    const b = await createTestUser(app);
    const s = await createTestUser(app);
    await fund(b.user.id, 1_025_00);
    await app.deps.db.transaction(async (tx) => {
      await holdFromWallet(tx, {
        transactionId: full,
        buyerId: b.user.id,
        currency: 'NGN',
        amountMinor: 1_025_00,
        idempotencyKey: `hold:${full}`,
      });
      await holdFromProvider(tx, {
        transactionId: partial,
        buyerId: b.user.id,
        sellerId: s.user.id,
        currency: 'NGN',
        amountMinor: 1_025_00,
        providerReference: 'ref-partial',
        idempotencyKey: `hold:${partial}`,
      });
    });
    await app.deps.db.transaction((tx) =>
      refundHold(tx, {
        transactionId: full,
        buyerAmountMinor: 1_025_00,
        sellerAmountMinor: 0,
        feeMinor: 0,
        idempotencyKey: `refund:${full}`,
      }),
    );
    expect(await balance(b.user.id)).toBe(1_025_00);
    await app.deps.db.transaction((tx) =>
      refundHold(tx, {
        transactionId: partial,
        buyerAmountMinor: 600_00,
        sellerAmountMinor: 400_00,
        feeMinor: 25_00,
        idempotencyKey: `refund:${partial}`,
      }),
    );
    expect(await balance(b.user.id)).toBe(1_625_00);
    expect(await balance(s.user.id)).toBe(400_00);
    expect((await getHold(app.deps.db, partial))?.status).toBe('REFUNDED');
  });

  it('releases parts of a hold, never the whole of it, and resolves what is left exactly once', async () => {
    const transactionId = randomUUID();
    const hold = (tx: Parameters<typeof holdFromProvider>[0]) =>
      holdFromProvider(tx, {
        transactionId,
        buyerId: buyer.user.id,
        currency: 'NGN',
        amountMinor: 1_000_00,
        providerReference: 'ref-parts',
        idempotencyKey: `hold:${transactionId}`,
      });
    await app.deps.db.transaction(hold);
    const sellerBefore = await walletBalanceMinor(app.deps.db, seller.user.id, 'NGN');
    const part = (amount: number, fee: number, key: string) =>
      app.deps.db.transaction((tx) =>
        releaseHoldPart(tx, {
          transactionId,
          sellerId: seller.user.id,
          sellerAmountMinor: amount,
          feeMinor: fee,
          idempotencyKey: key,
          description: 'Milestone released to seller',
        }),
      );
    await part(300_00, 10_00, `part-1:${transactionId}`);
    // The same key again, or a part as large as what is left (that is the final resolution's): refused.
    await expect(part(1_00, 0, `part-1:${transactionId}`)).rejects.toThrow(/already used/);
    await expect(part(680_00, 10_00, `part-2:${transactionId}`)).rejects.toThrow(/No held escrow above/);
    expect(await getHold(app.deps.db, transactionId)).toMatchObject({ status: 'HELD' });
    expect((await checkLedger(app.deps.db)).problems).toEqual([]);
    // What is left is 690: a release of the whole amount no longer adds up.
    await expect(
      app.deps.db.transaction((tx) =>
        releaseHold(tx, {
          transactionId,
          sellerId: seller.user.id,
          priceMinor: 990_00,
          feeMinor: 10_00,
          idempotencyKey: `release:${transactionId}`,
        }),
      ),
    ).rejects.toThrow(/does not match the 69000 left of the hold/);
    await app.deps.db.transaction((tx) =>
      releaseHold(tx, {
        transactionId,
        sellerId: seller.user.id,
        priceMinor: 670_00,
        feeMinor: 20_00,
        idempotencyKey: `release:${transactionId}`,
      }),
    );
    expect(await getHold(app.deps.db, transactionId)).toMatchObject({ status: 'RELEASED' });
    expect((await walletBalanceMinor(app.deps.db, seller.user.id, 'NGN')) - sellerBefore).toBe(970_00);
    expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  });

  it('refuses a resolution that does not add up to the hold and leaves it HELD', async () => {
    const transactionId = randomUUID();
    await app.deps.db.transaction((tx) =>
      holdFromProvider(tx, {
        transactionId,
        buyerId: buyer.user.id,
        currency: 'NGN',
        amountMinor: 500_00,
        providerReference: 'ref',
        idempotencyKey: `hold:${transactionId}`,
      }),
    );
    await expect(
      app.deps.db.transaction((tx) =>
        releaseHold(tx, {
          transactionId,
          sellerId: seller.user.id,
          priceMinor: 500_00,
          feeMinor: 1,
          idempotencyKey: `release:${transactionId}`,
        }),
      ),
    ).rejects.toThrow(/does not match the 50000 left of the hold/);
    expect((await getHold(app.deps.db, transactionId))?.status).toBe('HELD');
    await expect(
      app.deps.db.transaction((tx) =>
        holdFromProvider(tx, {
          transactionId,
          buyerId: buyer.user.id,
          currency: 'NGN',
          amountMinor: 500_00,
          providerReference: 'ref-2',
          idempotencyKey: `hold-again:${transactionId}`,
        }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Escrow is already funded for this transaction' });
  });
});

describe('postEntry', () => {
  const entry = (key: string, userId: string, amountMinor: number) =>
    app.deps.db.transaction((tx) =>
      postEntry(tx, {
        idempotencyKey: key,
        kind: 'DEPOSIT',
        description: 'Test',
        // XTS is the ISO code reserved for testing: its accounts are this test's alone.
        currency: 'XTS',
        userId,
        postings: [
          { accountCode: accountCodes.externalFunding('XTS'), amountMinor: -amountMinor },
          { accountCode: accountCodes.userWallet(userId, 'XTS'), amountMinor },
        ],
      }),
    );

  it('posts once per idempotency key', async () => {
    const user = await createTestUser(app);
    const key = `once:${randomUUID()}`;
    const first = await entry(key, user.user.id, 500);
    const second = await entry(key, user.user.id, 500);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, entry: { id: first.entry.id } });
    expect(await walletBalanceMinor(app.deps.db, user.user.id, 'XTS')).toBe(500);
  });

  it('refuses unbalanced or zero legs before touching the database', async () => {
    const user = await createTestUser(app);
    await expect(
      app.deps.db.transaction((tx) =>
        postEntry(tx, {
          idempotencyKey: `bad:${randomUUID()}`,
          kind: 'DEPOSIT',
          description: 'Test',
          currency: 'XTS',
          postings: [
            { accountCode: accountCodes.externalFunding('XTS'), amountMinor: -5 },
            { accountCode: accountCodes.userWallet(user.user.id, 'XTS'), amountMinor: 4 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(entry(`zero:${randomUUID()}`, user.user.id, 0)).rejects.toThrow(/Invalid posting amount/);
  });

  it('keeps every balance within the exact integer range', async () => {
    const user = await createTestUser(app);
    const room =
      Number.MAX_SAFE_INTEGER - (await walletlessBalanceOutside(accountCodes.externalFunding('XTS')));
    await entry(`big:${randomUUID()}`, user.user.id, room);
    await expect(entry(`over:${randomUUID()}`, user.user.id, 1)).rejects.toMatchObject({
      code: 'LIMIT_EXCEEDED',
    });
    expect(await walletBalanceMinor(app.deps.db, user.user.id, 'XTS')).toBe(room);
  });
});

async function walletlessBalanceOutside(code: string) {
  return Math.abs(await app.deps.db.transaction((tx) => walletlessBalance(tx, code)));
}

async function walletlessBalance(
  tx: Parameters<Parameters<App['deps']['db']['transaction']>[0]>[0],
  code: string,
) {
  const result = (await tx.execute(sql`select balance from ledger_accounts where code = ${code}`)) as {
    rows: { balance: string | number }[];
  };
  return Number(result.rows[0]?.balance ?? 0);
}

/** Drizzle wraps driver errors ('Failed query: ...'); the database's own message is the cause. */
async function refusedWith(promise: Promise<unknown>, pattern: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, 'the database accepted the change').not.toBeNull();
  expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(pattern);
}

describe('the database enforces the ledger rules', () => {
  async function someEntry() {
    await fund(buyer.user.id, 10_00);
    const result = (await app.deps.db.execute(
      sql`select p.entry_id, p.account_id from postings p join ledger_accounts a on a.id = p.account_id
          where a.code = ${accountCodes.userWallet(buyer.user.id, 'NGN')} order by p.created_at desc limit 1`,
    )) as { rows: { entry_id: string; account_id: string }[] };
    return result.rows[0]!;
  }

  it('refuses at commit a raw posting that unbalances an entry', async () => {
    const { entry_id, account_id } = await someEntry();
    const before = await balance(buyer.user.id);
    await refusedWith(
      app.deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into postings (id, entry_id, account_id, amount, currency)
              values (${randomUUID()}, ${entry_id}, ${account_id}, 100, 'NGN')`,
        );
      }),
      /does not balance/,
    );
    const count = (await app.deps.db.execute(
      sql`select count(*)::int as n from postings where entry_id = ${entry_id}`,
    )) as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(2);
    expect(await balance(buyer.user.id)).toBe(before);
  });

  it('refuses an entry with a single posting and a posting in another currency', async () => {
    const { account_id } = await someEntry();
    await refusedWith(
      app.deps.db.transaction(async (tx) => {
        const entryId = randomUUID();
        await tx.execute(
          sql`insert into journal_entries (id, idempotency_key, kind, description)
              values (${entryId}, ${`raw:${entryId}`}, 'DEPOSIT', 'raw')`,
        );
      }),
      /at least two are required/,
    );
    await refusedWith(
      app.deps.db.execute(
        sql`insert into postings (id, entry_id, account_id, amount, currency)
            select ${randomUUID()}, id, ${account_id}, 5, 'USD' from journal_entries limit 1`,
      ),
      /posting in USD on an account in NGN/,
    );
  });

  it('refuses UPDATE and DELETE of postings and journal entries', async () => {
    const { entry_id } = await someEntry();
    await refusedWith(
      app.deps.db.execute(sql`update postings set amount = amount + 1 where entry_id = ${entry_id}`),
      /append-only: UPDATE on postings/,
    );
    await refusedWith(
      app.deps.db.execute(sql`delete from postings where entry_id = ${entry_id}`),
      /append-only: DELETE/,
    );
    await refusedWith(
      app.deps.db.execute(sql`update journal_entries set description = 'x' where id = ${entry_id}`),
      /append-only: UPDATE on journal_entries/,
    );
    await refusedWith(
      app.deps.db.execute(sql`delete from journal_entries where id = ${entry_id}`),
      /append-only: DELETE/,
    );
    await refusedWith(app.deps.db.execute(sql`truncate postings`), /append-only: TRUNCATE/);
  });

  it('refuses a wallet balance below zero', async () => {
    await refusedWith(
      app.deps.db.execute(
        sql`update ledger_accounts set balance = -1 where code = ${accountCodes.userWallet(buyer.user.id, 'NGN')}`,
      ),
      /ledger_accounts_non_negative/,
    );
  });

  it('reports a cached balance altered with raw SQL (checked inside a transaction that is rolled back)', async () => {
    await someEntry();
    const code = accountCodes.userWallet(buyer.user.id, 'NGN');
    let report: Awaited<ReturnType<typeof runLedgerChecks>> | undefined;
    await expect(
      app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`update ledger_accounts set balance = balance + 1 where code = ${code}`);
        report = await runLedgerChecks(tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(report?.ok).toBe(false);
    expect(report?.problems).toContainEqual(
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', subject: code }),
    );
  });
});

describe("the deposit total kept on the wallet's account", () => {
  let owner: TestUser;
  let code: string;
  beforeAll(async () => {
    owner = await createTestUser(app);
    code = accountCodes.userWallet(owner.user.id, 'NGN');
  });

  async function figures() {
    const result = (await app.deps.db.execute(
      sql`select balance::text, deposited::text from ledger_accounts where code = ${code}`,
    )) as { rows: { balance: string; deposited: string }[] };
    return result.rows.map((r) => ({ balance: Number(r.balance), deposited: Number(r.deposited) }))[0];
  }

  it('moves with DEPOSIT entries only, once per idempotency key', async () => {
    await fund(owner.user.id, 30_00);
    await fund(owner.user.id, 12_50);
    expect(await figures()).toEqual({ balance: 42_50, deposited: 42_50 });

    const payout = {
      idempotencyKey: `test-withdrawal:${randomUUID()}`,
      kind: 'WITHDRAWAL' as const,
      description: 'Test withdrawal',
      currency: 'NGN',
      userId: owner.user.id,
      postings: [
        { accountCode: code, amountMinor: -10_00 },
        { accountCode: accountCodes.externalPayouts('NGN'), amountMinor: 10_00 },
      ],
    };
    await app.deps.db.transaction((tx) => postEntry(tx, payout));
    const transactionId = randomUUID();
    await app.deps.db.transaction((tx) =>
      holdFromWallet(tx, {
        transactionId,
        buyerId: owner.user.id,
        currency: 'NGN',
        amountMinor: 20_00,
        idempotencyKey: `hold:${transactionId}`,
      }),
    );
    await app.deps.db.transaction((tx) =>
      refundHold(tx, {
        transactionId,
        buyerAmountMinor: 20_00,
        sellerAmountMinor: 0,
        feeMinor: 0,
        idempotencyKey: `refund:${transactionId}`,
      }),
    );
    expect(await figures()).toEqual({ balance: 32_50, deposited: 42_50 });

    const key = `test-fund:${randomUUID()}`;
    const deposit = {
      idempotencyKey: key,
      kind: 'DEPOSIT' as const,
      description: 'Test funding',
      currency: 'NGN',
      userId: owner.user.id,
      postings: [
        { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -5_00 },
        { accountCode: code, amountMinor: 5_00 },
      ],
    };
    await app.deps.db.transaction((tx) => postEntry(tx, deposit));
    await app.deps.db.transaction((tx) => postEntry(tx, deposit));
    expect(await figures()).toEqual({ balance: 37_50, deposited: 47_50 });
  });

  it('reports a deposit total altered with raw SQL', async () => {
    await fund(owner.user.id, 1_00);
    let report: Awaited<ReturnType<typeof runLedgerChecks>> | undefined;
    await expect(
      app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`update ledger_accounts set deposited = deposited - 1 where code = ${code}`);
        report = await runLedgerChecks(tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(report?.problems).toContainEqual(
      expect.objectContaining({ kind: 'DEPOSITED_MISMATCH', subject: code }),
    );
    expect(report?.problems.filter((p) => p.kind === 'BALANCE_MISMATCH')).toEqual([]);
  });

  it('migration 0030 fills the total of accounts that existed before it from their postings', async () => {
    await fund(owner.user.id, 2_00);
    const backfill = migrationStatement(
      '0030_ledger_deposited_total.sql',
      'UPDATE ledger_accounts a SET deposited',
    );
    let before: Awaited<ReturnType<typeof figures>>;
    let after: Awaited<ReturnType<typeof figures>>;
    let report: Awaited<ReturnType<typeof runLedgerChecks>> | undefined;
    await expect(
      app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`update ledger_accounts set deposited = 0 where code = ${code}`);
        before = (await tx.execute(
          sql`select deposited::text from ledger_accounts where code = ${code}`,
        )) as never;
        await tx.execute(sql.raw(backfill));
        after = (await tx.execute(
          sql`select deposited::text from ledger_accounts where code = ${code}`,
        )) as never;
        report = await runLedgerChecks(tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(before!).toMatchObject({ rows: [{ deposited: '0' }] });
    expect(after!).toMatchObject({ rows: [{ deposited: String(47_50 + 1_00 + 2_00) }] });
    expect(report?.problems).toEqual([]);
  });
});
