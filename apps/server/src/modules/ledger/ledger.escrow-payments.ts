import { sql, type SQL } from 'drizzle-orm';

/**
 * The user's card and bank-transfer payments straight into escrow (they never touch the wallet, but
 * they are the buyer's money movements too) as a row source for the wallet history, one row per
 * payment: id, amount (the posting out of external funding, negative), date, kind, transaction_id,
 * reference (the provider's, for the caller to join to its payment intent) and the escrow hold's
 * seller_id. Only the ledger module names ledger tables; the wallet module composes this fragment.
 */
export function providerEscrowPaymentsSource(userId: string, currency: string): SQL {
  return sql`
    select p.id, p.amount, p.created_at as date, e.kind, e.transaction_id,
           e.metadata->>'reference' as reference, h.seller_id as hold_seller_id
    from escrow_holds h
    join journal_entries e on e.transaction_id = h.transaction_id and e.kind = 'ESCROW_HOLD'
      and e.metadata->>'source' = 'provider'
    join postings p on p.entry_id = e.id and p.amount < 0
    where h.buyer_id = ${userId} and h.currency = ${currency}`;
}
