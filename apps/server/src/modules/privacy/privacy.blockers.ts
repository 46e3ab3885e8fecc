import { toMajor } from '@escrow/shared/domain/money';
import { closureBlockerText, type ClosureBlocker } from '@escrow/shared/schemas/privacy';
import type { DbOrTx } from '../../db/client.ts';
import { openDisputeCountOf } from '../disputes/index.ts';
import { escrowHeldFor, type CurrencyAmount } from '../ledger/index.ts';
import { refundsOwedTo } from '../payments/index.ts';
import { openTransactionCountOf } from '../transactions/index.ts';
import { pendingWithdrawalsOf } from '../wallet/index.ts';

const perCurrency = (
  code: ClosureBlocker['code'],
  amounts: CurrencyAmount[],
  text: (major: number, currency: string) => string,
): ClosureBlocker[] =>
  amounts.filter((a) => a.amount !== 0).map((a) => ({ code, message: text(toMajor(a.amount), a.currency) }));

/**
 * What keeps the account from closing (docs/privacy.md), each with what to do about it: money in the
 * wallet (`wallets`, read by the caller: locked when it is about to close), money held in escrow on its
 * trades, open trades and disputes, withdrawals and refunds still on their way. Empty: it may close.
 */
export async function closureBlockers(
  db: DbOrTx,
  userId: string,
  wallets: CurrencyAmount[],
): Promise<ClosureBlocker[]> {
  // One query at a time: inside a transaction on PGlite there is one connection anyway.
  const escrow = await escrowHeldFor(db, userId);
  const openTransactions = await openTransactionCountOf(db, userId);
  const openDisputes = await openDisputeCountOf(db, userId);
  const withdrawals = await pendingWithdrawalsOf(db, userId);
  const refunds = await refundsOwedTo(db, userId);
  return [
    ...perCurrency('WALLET_BALANCE', wallets, closureBlockerText.walletBalance),
    ...perCurrency('ESCROW_HELD', escrow, closureBlockerText.escrowHeld),
    ...(openTransactions
      ? [
          {
            code: 'OPEN_TRANSACTIONS' as const,
            message: closureBlockerText.openTransactions(openTransactions),
          },
        ]
      : []),
    ...(openDisputes
      ? [{ code: 'OPEN_DISPUTES' as const, message: closureBlockerText.openDisputes(openDisputes) }]
      : []),
    ...perCurrency('PENDING_WITHDRAWALS', withdrawals, closureBlockerText.pendingWithdrawals),
    ...perCurrency('PENDING_REFUNDS', refunds, closureBlockerText.pendingRefunds),
  ];
}
