import { sql, type SQL } from 'drizzle-orm';
import { accountCodes } from './ledger.accounts.ts';

/**
 * What the wallet screens read from the ledger. Only the ledger module names ledger tables; the wallet
 * module asks through these functions.
 */

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

/**
 * One row for the wallet summary, as a fragment the wallet module composes into its single statement:
 * `balance` (cached on the account), `held` (the buyer's HELD escrow holds) and `deposited` (DEPOSIT
 * postings into the wallet), all in minor units.
 */
export function walletLedgerFigures(userId: string, currency: string): SQL {
  const walletCode = accountCodes.userWallet(userId, currency);
  return sql`
    select
      coalesce((select a.balance from ledger_accounts a where a.code = ${walletCode}), 0) as balance,
      coalesce((select sum(h.amount) from escrow_holds h
        where h.buyer_id = ${userId} and h.status = 'HELD' and h.currency = ${currency}), 0) as held,
      coalesce((select sum(p.amount) from postings p
        join ledger_accounts a on a.id = p.account_id and a.code = ${walletCode}
        join journal_entries e on e.id = p.entry_id and e.kind = 'DEPOSIT'), 0) as deposited`;
}
