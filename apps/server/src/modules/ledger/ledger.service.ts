import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { accountCodes } from './ledger.accounts.ts';

/**
 * The ledger's public face: other modules move money only through these functions, always inside
 * their own database transaction (`tx`). The single writer is `postEntry`; escrow holds are in
 * ledger.escrow.ts, reconciliation in ledger.check.ts.
 */
export { accountCodes } from './ledger.accounts.ts';
export { postEntry, LedgerInvariantError, type PostEntryInput, type JournalKind } from './ledger.post.ts';
export { checkLedger } from './ledger.check.ts';
export {
  getHold,
  holdFromProvider,
  holdFromWallet,
  refundHold,
  releaseHold,
  releaseHoldPart,
  payBrokerCommission,
  settleProviderRefund,
  creditRefundToWallet,
  MILESTONE_RELEASED_TO_SELLER,
  type EscrowHold,
  type HoldResult,
} from './ledger.escrow.ts';

/** The user's available wallet balance in minor units (0 when the wallet has never been used). */
export async function walletBalanceMinor(db: DbOrTx, userId: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accountCodes.userWallet(userId, currency)));
  return row?.balance ?? 0;
}

/**
 * Creates the user's wallet account if needed and locks it (`for update`) for the rest of the
 * transaction, returning the balance. Callers that must check-then-post (withdrawal limits, deposit
 * caps) lock first so two requests of the same user cannot both pass the check. User accounts come
 * first in the ledger's lock order, so locking the wallet and then posting an entry whose only user
 * account it is (deposit, withdrawal) keeps the order and cannot deadlock.
 */
export async function lockWallet(tx: Tx, userId: string, currency: string): Promise<number> {
  const code = accountCodes.userWallet(userId, currency);
  await tx
    .insert(ledgerAccounts)
    .values({ code, type: 'USER_WALLET', ownerUserId: userId, currency, allowNegative: false })
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code))
    .for('update');
  return row!.balance;
}
