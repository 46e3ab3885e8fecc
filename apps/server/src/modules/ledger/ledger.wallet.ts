import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escrowHolds, journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { accountCodes } from './ledger.accounts.ts';

/**
 * What the wallet screens read from the ledger. Only the ledger module names ledger tables; the wallet
 * module asks through these functions.
 */

const sumText = (expression: SQL) => sql<string>`coalesce(sum(${expression}), 0)::text`;

/** The buyer's money held in escrow (HELD holds) in minor units. */
export async function heldInEscrowMinor(db: DbOrTx, buyerId: string, currency: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sumText(sql`${escrowHolds.amount}`) })
    .from(escrowHolds)
    .where(
      and(
        eq(escrowHolds.buyerId, buyerId),
        eq(escrowHolds.status, 'HELD'),
        eq(escrowHolds.currency, currency),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** Everything ever deposited into the user's wallet (DEPOSIT entries) in minor units. */
export async function depositedMinor(db: DbOrTx, userId: string, currency: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sumText(sql`${postings.amount}`) })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(ledgerAccounts.code, accountCodes.userWallet(userId, currency)),
        eq(journalEntries.kind, 'DEPOSIT'),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * The postings of the user's wallet as a row source for a statement, one row per posting: id,
 * amount, memo, date, kind, description, transaction_id, entry_id, metadata_reference, and the
 * escrow hold's buyer_id and seller_id (null outside escrow), for the caller to join to its own rows.
 */
export function walletPostingsSource(userId: string, currency: string): SQL {
  const walletCode = accountCodes.userWallet(userId, currency);
  return sql`
    select p.id, p.amount, p.memo, p.created_at as date, e.kind, e.description, e.transaction_id,
           e.id as entry_id, e.metadata->>'reference' as metadata_reference,
           h.buyer_id as hold_buyer_id, h.seller_id as hold_seller_id
    from postings p
    join ledger_accounts a on a.id = p.account_id and a.code = ${walletCode}
    join journal_entries e on e.id = p.entry_id
    left join escrow_holds h on h.transaction_id = e.transaction_id`;
}
