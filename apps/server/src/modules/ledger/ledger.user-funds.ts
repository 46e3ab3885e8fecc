import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { escrowHolds, ledgerAccounts } from '../../db/schema/ledger.ts';

/** An amount in minor units of one currency. */
export type CurrencyAmount = { currency: string; amount: number };

const walletsOf = (db: DbOrTx, userId: string) =>
  db
    .select({ currency: ledgerAccounts.currency, amount: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), eq(ledgerAccounts.type, 'USER_WALLET')))
    .orderBy(asc(ledgerAccounts.code));

/** The currencies the user has a wallet in (empty ones too), for their statement. */
export async function walletCurrenciesOf(db: DbOrTx, userId: string): Promise<string[]> {
  return (await walletsOf(db, userId)).map((row) => row.currency);
}

/** Every wallet of the user with money in it (available balance, minor units). */
export async function nonEmptyWallets(db: DbOrTx, userId: string): Promise<CurrencyAmount[]> {
  return (await walletsOf(db, userId)).filter((row) => row.amount !== 0);
}

/**
 * The same, with every wallet of the user locked (`for update`, in code order as the ledger locks
 * accounts) for the rest of the caller's transaction: closing an account checks the balances and closes
 * in one transaction, so no posting can slip in between.
 */
export async function lockNonEmptyWallets(tx: Tx, userId: string): Promise<CurrencyAmount[]> {
  return (await walletsOf(tx, userId).for('update')).filter((row) => row.amount !== 0);
}

/** What is still held in escrow on trades where the user is the buyer or the seller, per currency. */
export async function escrowHeldFor(db: DbOrTx, userId: string): Promise<CurrencyAmount[]> {
  const rows = await db
    .select({
      currency: escrowHolds.currency,
      amount: sql<string>`sum(${escrowHolds.amount} - ${escrowHolds.released})::text`,
    })
    .from(escrowHolds)
    .where(
      and(
        or(eq(escrowHolds.buyerId, userId), eq(escrowHolds.sellerId, userId)),
        eq(escrowHolds.status, 'HELD'),
      ),
    )
    .groupBy(escrowHolds.currency)
    .orderBy(asc(escrowHolds.currency));
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}
