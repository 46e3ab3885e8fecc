import { sql } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import type { WalletEntry, WalletEntryStatus, WalletEntryType } from '@escrow/shared/schemas/wallet';
import type { DbOrTx } from '../../db/client.ts';
import { userDirectory } from '../../db/schema/published.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import {
  MILESTONE_RELEASED_TO_SELLER,
  providerEscrowPaymentsSource,
  walletPostingsSource,
} from '../ledger/index.ts';
import { msg } from '@escrow/shared/i18n/msg';

/** The memo of a history line for a provider payment into escrow (not a wallet posting). */
const OUTSIDE_WALLET = 'outside_wallet';

/**
 * A history line's description is stored in English (the ledger's, a message id where it is a fixed
 * text) and written in the reader's language when listed. A withdrawal's reads WITHDRAWAL_TO then the
 * bank and the masked account number (wallet.withdrawals.ts): WITHDRAWAL_TO_MESSAGE with {account}. A
 * milestone's release reads the ledger's MILESTONE_RELEASED_TO_SELLER then the milestone's title
 * (transactions.milestones.ts): MILESTONE_RELEASED_MESSAGE with {title}.
 */
export const WITHDRAWAL_TO = 'Withdrawal to ';
const WITHDRAWAL_TO_MESSAGE = msg('Withdrawal to {account}');
const MILESTONE_RELEASED_MESSAGE = msg('Milestone released to seller: {title}');
const WITHDRAWAL_FEE = msg('Withdrawal fee');
const BANK_TRANSFER_INTO_ESCROW = msg('Bank transfer into escrow');
const CARD_PAYMENT_INTO_ESCROW = msg('Card payment into escrow');
const WALLET_DEPOSIT = msg('Wallet deposit');

export type HistoryRow = {
  id: string;
  amount: string | number | bigint;
  memo: string | null;
  date: string | Date;
  kind: string;
  description: string;
  transaction_id: string | null;
  reference: string | null;
  status: string;
  counterparty: string | null;
};

/**
 * One query for the history: the user's wallet postings (each joined to its entry, its withdrawal
 * and its escrow hold), the user's card and bank-transfer payments straight into escrow (they never
 * touch the wallet, but they are the buyer's money movements too), plus deposits still waiting for,
 * or refused by, the provider. The counterparty of an escrow line is the other party of the hold.
 * The ledger's rows come as the ledger module's fragments, the names from the published user
 * directory; PostgreSQL flattens both subqueries and the view into this one plan.
 */
export function historySource(userId: string, currency: string) {
  return sql`
    select l.id, l.amount, l.memo, l.date, l.kind, l.description, l.transaction_id,
           coalesce(w.reference, l.metadata_reference) as reference,
           case when l.kind = 'WITHDRAWAL' and w.status = 'PENDING' then 'pending'
                when l.kind = 'WITHDRAWAL' and w.status = 'FAILED' then 'failed'
                else 'completed' end as status,
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as counterparty
    from (${walletPostingsSource(userId, currency)}) l
    left join withdrawals w on w.entry_id = l.entry_id
    left join ${userDirectory} u on u.id = case
      when l.kind = 'ESCROW_HOLD' or l.memo = 'refund_buyer' then l.hold_seller_id
      when l.kind = 'ESCROW_RELEASE' or l.memo = 'refund_seller' then l.hold_buyer_id
      else null end
    union all
    select x.id, x.amount, '${sql.raw(OUTSIDE_WALLET)}', x.date, x.kind,
           case when i.method = 'BANK_TRANSFER' then '${sql.raw(BANK_TRANSFER_INTO_ESCROW)}'
                else '${sql.raw(CARD_PAYMENT_INTO_ESCROW)}' end,
           x.transaction_id, x.reference, 'completed',
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
    from (${providerEscrowPaymentsSource(userId, currency)}) x
    left join payment_intents i on i.reference = x.reference
    left join ${userDirectory} u on u.id = x.hold_seller_id
    union all
    select i.id, i.amount, null, i.created_at, 'DEPOSIT_INTENT', '${sql.raw(WALLET_DEPOSIT)}', null, i.reference,
           case when i.status = 'FAILED' then 'failed' else 'pending' end, null
    ${pendingDepositsFrom(userId, currency)}`;
}

/**
 * The `from ... where` of the user's deposits not yet credited (waiting for, or refused by, the
 * provider), as `i`: one history line each. Values or placeholders of a prepared statement.
 */
export function pendingDepositsFrom(userId: unknown, currency: unknown) {
  return sql`from payment_intents i
    where i.user_id = ${userId} and i.purpose = 'DEPOSIT' and i.currency = ${currency} and i.status <> 'SUCCEEDED'`;
}

function entryType(row: HistoryRow, amount: number): WalletEntryType {
  if (row.memo === 'withdrawal_fee') return 'fee';
  if (row.memo === OUTSIDE_WALLET) return 'escrow_hold';
  switch (row.kind) {
    case 'ESCROW_HOLD':
      return 'escrow_hold';
    case 'ESCROW_RELEASE':
      return 'escrow_release';
    case 'ESCROW_REFUND':
      return row.memo === 'refund_seller' ? 'escrow_release' : 'credit';
    default:
      return amount < 0 ? 'debit' : 'credit';
  }
}

/** A history line's description in `language` (English as stored). */
function describe(row: HistoryRow, language: Language): string {
  if (row.memo === 'withdrawal_fee') return translate(language, WITHDRAWAL_FEE);
  if (language === 'en') return row.description;
  if (row.kind === 'WITHDRAWAL' && row.description.startsWith(WITHDRAWAL_TO))
    return translate(language, WITHDRAWAL_TO_MESSAGE, {
      account: row.description.slice(WITHDRAWAL_TO.length),
    });
  if (row.kind === 'ESCROW_RELEASE' && row.description.startsWith(MILESTONE_RELEASED_TO_SELLER))
    return translate(language, MILESTONE_RELEASED_MESSAGE, {
      title: row.description.slice(MILESTONE_RELEASED_TO_SELLER.length),
    });
  return translate(language, row.description);
}

export function toEntry(row: HistoryRow, language: Language = 'en'): WalletEntry {
  const amount = Number(row.amount);
  return {
    id: row.id,
    type: entryType(row, amount),
    amount: toMajor(Math.abs(amount)),
    description: describe(row, language),
    date: new Date(row.date).toISOString(),
    status: row.status as WalletEntryStatus,
    reference: row.reference,
    transactionId: row.transaction_id,
    counterparty: row.counterparty,
    outsideWallet: row.memo === OUTSIDE_WALLET,
  };
}

export async function listWalletHistory(
  db: DbOrTx,
  userId: string,
  currency: string,
  page: number,
  limit: number,
  language: Language = 'en',
): Promise<{ entries: WalletEntry[]; total: number }> {
  const source = historySource(userId, currency);
  const listed = (await db.execute(
    sql`select * from (${source}) h order by h.date desc, h.id desc limit ${limit} offset ${(page - 1) * limit}`,
  )) as { rows: HistoryRow[] };
  return {
    entries: listed.rows.map((row) => toEntry(row, language)),
    total: await countWalletHistory(db, userId, currency),
  };
}

export async function countWalletHistory(db: DbOrTx, userId: string, currency: string): Promise<number> {
  const counted = (await db.execute(
    sql`select count(*)::int as n from (${historySource(userId, currency)}) h`,
  )) as {
    rows: { n: number }[];
  };
  return Number(counted.rows[0]?.n ?? 0);
}
