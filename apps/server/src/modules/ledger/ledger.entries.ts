import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import type { DbOrTx } from '../../db/client.ts';
import { escrowHolds, journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { accountCodes } from './ledger.accounts.ts';

/** The journal entries of one transaction with their postings (signed major units), oldest first. */
export async function transactionLedgerEntries(db: DbOrTx, transactionId: string) {
  const entries = await db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.transactionId, transactionId))
    .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id));
  if (!entries.length) return [];
  const legs = await db
    .select({
      entryId: postings.entryId,
      amount: postings.amount,
      currency: postings.currency,
      account: ledgerAccounts.code,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      inArray(
        postings.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(postings.id));
  return entries.map((entry) => {
    const own = legs.filter((leg) => leg.entryId === entry.id);
    return {
      id: entry.id,
      kind: entry.kind,
      description: entry.description,
      currency: own[0]?.currency ?? 'NGN',
      createdAt: entry.createdAt.toISOString(),
      postings: own.map((leg) => ({ account: leg.account, amount: toMajor(leg.amount) })),
    };
  });
}

/**
 * What a dispute refund credited to the buyer's wallet for this transaction (the escrow refund's buyer
 * leg, minor units; 0 when it went elsewhere, e.g. to refund clearing for a provider refund).
 */
export async function walletRefundOf(
  db: DbOrTx,
  transactionId: string,
  buyerId: string,
  currency: string,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(journalEntries.transactionId, transactionId),
        eq(journalEntries.kind, 'ESCROW_REFUND'),
        eq(ledgerAccounts.code, accountCodes.userWallet(buyerId, currency)),
      ),
    );
  return Number(row?.total ?? 0);
}

/** What the buyer has in escrow holds not yet resolved, in minor units (the console's user page). */
export async function heldEscrowOf(db: DbOrTx, buyerId: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${escrowHolds.amount}), 0)::text` })
    .from(escrowHolds)
    .where(
      and(
        eq(escrowHolds.buyerId, buyerId),
        eq(escrowHolds.currency, currency),
        eq(escrowHolds.status, 'HELD'),
      ),
    );
  return Number(row?.total ?? 0);
}
