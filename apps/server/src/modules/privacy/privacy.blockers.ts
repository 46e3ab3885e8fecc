import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import { closureBlockerText, type ClosureBlocker } from '@escrow/shared/schemas/privacy';
import type { DbOrTx } from '../../db/client.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import { openDisputeCountOf } from '../disputes/index.ts';
import { escrowHeldFor, type CurrencyAmount } from '../ledger/index.ts';
import { refundsOwedTo } from '../payments/index.ts';
import { openTransactionCountOf } from '../transactions/index.ts';
import { pendingWithdrawalsOf } from '../wallet/index.ts';

/** One blocker per currency with money in it; `message` has {major}, the amount (formatMoney). */
const perCurrency = (
  code: ClosureBlocker['code'],
  amounts: CurrencyAmount[],
  message: string,
  language: Language,
): ClosureBlocker[] =>
  amounts
    .filter((a) => a.amount !== 0)
    .map((a) => ({
      code,
      message: translate(language, message, { major: formatMoney(toMajor(a.amount), a.currency) }),
    }));

/**
 * What keeps the account from closing (docs/privacy.md), each with what to do about it: money in the
 * wallet (`wallets`, read by the caller: locked when it is about to close), money held in escrow on its
 * trades, open trades and disputes, withdrawals and refunds still on their way. Empty: it may close.
 * Each message is written in `language` (the screen shows it as it comes).
 */
export async function closureBlockers(
  db: DbOrTx,
  userId: string,
  wallets: CurrencyAmount[],
  language: Language = 'en',
): Promise<ClosureBlocker[]> {
  // One query at a time: inside a transaction on PGlite there is one connection anyway.
  const escrow = await escrowHeldFor(db, userId);
  const openTransactions = await openTransactionCountOf(db, userId);
  const openDisputes = await openDisputeCountOf(db, userId);
  const withdrawals = await pendingWithdrawalsOf(db, userId);
  const refunds = await refundsOwedTo(db, userId);
  return [
    ...perCurrency('WALLET_BALANCE', wallets, closureBlockerText.walletBalanceMessage, language),
    ...perCurrency('ESCROW_HELD', escrow, closureBlockerText.escrowHeldMessage, language),
    ...(openTransactions
      ? [
          {
            code: 'OPEN_TRANSACTIONS' as const,
            message: translate(language, closureBlockerText.openTransactionsMessage, { n: openTransactions }),
          },
        ]
      : []),
    ...(openDisputes
      ? [
          {
            code: 'OPEN_DISPUTES' as const,
            message: translate(language, closureBlockerText.openDisputesMessage, { n: openDisputes }),
          },
        ]
      : []),
    ...perCurrency(
      'PENDING_WITHDRAWALS',
      withdrawals,
      closureBlockerText.pendingWithdrawalsMessage,
      language,
    ),
    ...perCurrency('PENDING_REFUNDS', refunds, closureBlockerText.pendingRefundsMessage, language),
  ];
}
