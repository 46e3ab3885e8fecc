/**
 * The ledger rows (PostgreSQL): escrow cycles per second through the app's ledger functions, beside
 * single-row INSERTs into a two-column table, both from 8 concurrent workers on the app's pool in the
 * same run, on the same database, with PostgreSQL's default synchronous_commit.
 * One escrow cycle is a payment into escrow (`holdFromWallet`) and its release to the seller and the
 * platform (`releaseHold`): 2 journal entries, 5 postings, 5 cached-balance updates with their guards,
 * the hold row and its resolution, and the deferred "every entry balances" checks at commit. Each money
 * event is the ledger's one statement on its own (autocommit: one round trip, one commit), given the
 * database instead of a transaction; in the app the same statement runs inside the step's transaction.
 * Each worker pays from its own buyer to its own seller, as concurrent payments come from different
 * people; every release credits the one platform fee account, as in production (that row is the
 * shared one: releases queue on it, one commit at a time).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import {
  accountCodes,
  checkLedger,
  holdFromWallet,
  postEntry,
  releaseHold,
} from '../src/modules/ledger/index.ts';
import { loopLoad, type Measurement } from './load.ts';

export const LEDGER_WORKERS = 8;

export async function ledgerRows(
  { db }: Database,
  seconds: number,
  warmupSeconds: number,
): Promise<{ insert: Measurement; cycle: Measurement }> {
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 2 * LEDGER_WORKERS }, (_, i) => ({
        email: `bench-${i}-${randomUUID()}@example.com`,
        passwordHash: 'bench',
        firstName: 'Bench',
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  // A pair is taken by one cycle at a time: LEDGER_WORKERS workers, as many pairs.
  const pairs = Array.from({ length: LEDGER_WORKERS }, (_, i) => ({
    buyer: people[2 * i]!,
    seller: people[2 * i + 1]!,
  }));
  // Enough money for every cycle the run can make.
  for (const { buyer } of pairs)
    await postEntry(db, {
      idempotencyKey: `bench-fund:${randomUUID()}`,
      kind: 'DEPOSIT',
      description: 'Bench funding',
      currency: 'NGN',
      userId: buyer.id,
      postings: [
        { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -1_000_000_000_000 },
        { accountCode: accountCodes.userWallet(buyer.id, 'NGN'), amountMinor: 1_000_000_000_000 },
      ],
    });
  await db.execute(sql`create table bench_insert (id text primary key, amount bigint not null)`);

  const insert = () => db.execute(sql`insert into bench_insert (id, amount) values (${randomUUID()}, 1)`);
  const cycle = async () => {
    const pair = pairs.pop()!;
    try {
      const transactionId = randomUUID();
      await holdFromWallet(db, {
        transactionId,
        buyerId: pair.buyer.id,
        currency: 'NGN',
        amountMinor: 102_500,
        idempotencyKey: `hold:${transactionId}`,
      });
      await releaseHold(db, {
        transactionId,
        sellerId: pair.seller.id,
        priceMinor: 100_000,
        feeMinor: 2_500,
        idempotencyKey: `release:${transactionId}`,
      });
    } finally {
      pairs.push(pair);
    }
  };

  const measure = async (op: () => Promise<unknown>) => {
    // Each row starts just after a checkpoint. Otherwise a checkpoint that the seeding of the HTTP
    // rows set off (by WAL volume) can still be running during one row and not the other: while it
    // runs, the first change to each page writes the whole page to the WAL, which costs a cycle
    // (many pages) far more than a single INSERT (one) and made the full run's ratio 16-18 against
    // 11 when the ledger rows ran alone.
    await db.execute(sql`checkpoint`);
    if (warmupSeconds > 0) await loopLoad(LEDGER_WORKERS, warmupSeconds, op);
    return loopLoad(LEDGER_WORKERS, seconds, op);
  };
  const result = { insert: await measure(insert), cycle: await measure(cycle) };
  const check = await checkLedger(db);
  if (!check.ok) throw new Error(`ledger check failed after the bench: ${JSON.stringify(check.problems)}`);
  await db.execute(sql`drop table bench_insert`);
  return result;
}
