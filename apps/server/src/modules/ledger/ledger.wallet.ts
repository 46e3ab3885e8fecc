import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
 * The wallet a figures fragment reads: values, or placeholders of a prepared statement (the caller
 * then passes `walletCode` as `accountCodes.userWallet(userId, currency)`).
 */
export type WalletRef = { userId: unknown; currency: unknown; walletCode: unknown };

/**
 * One row for the wallet summary, as a fragment the wallet module composes into its single statement:
 * `balance` and `deposited` (the wallet's DEPOSIT postings), both kept on the account row, `held` (the
 * buyer's HELD escrow holds), all in minor units, and `postings`: the number of the wallet's postings
 * (one history line each, see walletPostingsSource), counted to `postingsCap` at most so that a long
 * history costs no more than `postingsCap` index entries (postings_account_created_idx).
 */
export function walletLedgerFigures(wallet: WalletRef, postingsCap: number): SQL {
  return sql`
    select
      coalesce(w.balance, 0) as balance,
      coalesce((select sum(h.amount) from escrow_holds h
        where h.buyer_id = ${wallet.userId} and h.status = 'HELD' and h.currency = ${wallet.currency}), 0) as held,
      coalesce(w.deposited, 0) as deposited,
      (select count(*) from (select 1 from postings p where p.account_id = w.id
        limit ${postingsCap}) c) as postings
    from (select 1) one
    left join ledger_accounts w on w.code = ${wallet.walletCode}`;
}

/**
 * Escrow refunds credited to the user's wallet since `since`, in minor units (postings with memo
 * refund_buyer or refund_seller, see ledger_resolve_escrow). Refunded money is not a deposit: the wallet's
 * daily withdrawal limit is raised by it (docs/product.md "Limits by verification level").
 */
export async function refundsCreditedSince(
  db: DbOrTx,
  userId: string,
  currency: string,
  since: Date,
): Promise<number> {
  const walletCode = accountCodes.userWallet(userId, currency);
  const { rows } = (await db.execute(sql`
    select coalesce(sum(p.amount), 0)::text as total
    from postings p
    join ledger_accounts a on a.id = p.account_id and a.code = ${walletCode}
    where p.memo in ('refund_buyer', 'refund_seller')
      and p.created_at >= ${since.toISOString()}::timestamptz`)) as { rows: { total: string }[] };
  return Number(rows[0]?.total ?? 0);
}

/** The wallet's balance just before `at` (the sum of its postings before then), in minor units. */
export async function walletBalanceBefore(
  db: DbOrTx,
  userId: string,
  currency: string,
  at: Date,
): Promise<number> {
  const walletCode = accountCodes.userWallet(userId, currency);
  const { rows } = (await db.execute(sql`
    select coalesce(sum(p.amount), 0)::text as total
    from postings p
    join ledger_accounts a on a.id = p.account_id and a.code = ${walletCode}
    where p.created_at < ${at.toISOString()}::timestamptz`)) as { rows: { total: string }[] };
  return Number(rows[0]?.total ?? 0);
}
