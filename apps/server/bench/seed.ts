/**
 * The benchmark's data: 201 users and 10,000 transactions, inserted in bulk. The benchmark user is a
 * member of every one of them (creator of half, counterparty of the other half): the heaviest account,
 * the worst case for the list. Its wallet has real ledger rows, written through the ledger's functions:
 * deposits, 100 escrow payments from the wallet and 50 releases.
 */
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { transactionTotals } from '@escrow/shared/domain/fees';
import { TRANSACTION_STATUSES } from '@escrow/shared/domain/transaction-machine';
import type { Db } from '../src/db/client.ts';
import { transactions } from '../src/db/schema/transactions.ts';
import { users } from '../src/db/schema/users.ts';
import { accountCodes, holdFromWallet, postEntry, releaseHold } from '../src/modules/ledger/index.ts';
import { seedVendors } from './vendors-seed.ts';

export const SEEDED_TRANSACTIONS = 10_000;
const OTHER_USERS = 200;
const HOLDS = 100;
const WORDS = [
  'Camera lens',
  'iPhone 13',
  'Sofa set',
  'Laptop',
  'Generator',
  'Ankara fabric',
  'Bicycle',
  'Textbooks',
];
/** In 10 transactions of the 10,000 (and no user's name): what the search row looks for. */
export const RARE_TERM = 'gramophone';

export type Seeded = { userId: string; transactionIds: string[] };

export async function seed(db: Db): Promise<Seeded> {
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: OTHER_USERS + 1 }, (_, i) => ({
        email: `bench-${i}-${uuidv7()}@example.com`,
        passwordHash: 'bench',
        firstName: i === 0 ? 'Bench' : `Trader${i}`,
        lastName: i === 0 ? 'User' : `Number${i}`,
      })),
    )
    .returning({ id: users.id });
  const me = people[0]!.id;
  const rows = Array.from({ length: SEEDED_TRANSACTIONS }, (_, i) => {
    const other = people[1 + (i % OTHER_USERS)]!.id;
    const price = 100_000 + (i % 97) * 12_345;
    const { feeMinor, totalMinor } = transactionTotals(price);
    const createdAt = new Date(Date.now() - i * 60_000);
    const iCreate = i % 2 === 0;
    const creatorRole = i % 3 === 0 ? ('SELLER' as const) : ('BUYER' as const);
    return {
      id: uuidv7(),
      description: i % 1000 === 500 ? `Vintage Gramophone #${i}` : `${WORDS[i % WORDS.length]} #${i}`,
      price,
      fee: feeMinor,
      total: totalMinor,
      useCourier: i % 2 === 0,
      shippingType: i % 2 === 0 ? ('COURIER' as const) : ('SELLER_DELIVERY' as const),
      status: TRANSACTION_STATUSES[i % TRANSACTION_STATUSES.length]!,
      creatorId: iCreate ? me : other,
      creatorRole,
      counterpartyId: iCreate ? other : me,
      createdAt,
      updatedAt: createdAt,
      // Who pays and who is paid, for the ledger rows below.
      meBuys: iCreate === (creatorRole === 'BUYER'),
      other,
    };
  });
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insert(transactions)
      .values(rows.slice(start, start + 500).map(({ meBuys: _, other: __, ...row }) => row));

  await seedWallet(db, me, rows.filter((row) => row.meBuys).slice(0, HOLDS));
  await seedVendors(db);
  // What the running app's scheduler does hourly on PGlite (PostgreSQL's autovacuum does it itself).
  await db.execute(sql`analyze`);
  return { userId: me, transactionIds: rows.map((row) => row.id) };
}

/** Deposits, then escrow payments from the wallet for `paid`, half of them released to the seller. */
async function seedWallet(
  db: Db,
  me: string,
  paid: { id: string; price: number; fee: number; total: number; other: string }[],
) {
  const currency = 'NGN';
  for (let i = 0; i < 5; i += 1)
    await db.transaction((tx) =>
      postEntry(tx, {
        idempotencyKey: `bench-deposit:${me}:${i}`,
        kind: 'DEPOSIT',
        description: 'Bench deposit',
        currency,
        userId: me,
        postings: [
          { accountCode: accountCodes.externalFunding(currency), amountMinor: -100_000_000 },
          { accountCode: accountCodes.userWallet(me, currency), amountMinor: 100_000_000 },
        ],
      }),
    );
  for (const [i, row] of paid.entries()) {
    await db.transaction((tx) =>
      holdFromWallet(tx, {
        transactionId: row.id,
        buyerId: me,
        currency,
        amountMinor: row.total,
        idempotencyKey: `hold:${row.id}`,
      }),
    );
    if (i % 2 === 0)
      await db.transaction((tx) =>
        releaseHold(tx, {
          transactionId: row.id,
          sellerId: row.other,
          priceMinor: row.price,
          feeMinor: row.fee,
          idempotencyKey: `release:${row.id}`,
        }),
      );
  }
}
