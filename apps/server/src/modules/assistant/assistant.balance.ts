import { lagosDayStart, WALLET_LIMITS, WITHDRAWAL_FEE_MINOR } from '@escrow/shared/domain/limits';
import { formatMoney, toMajor, toMinor } from '@escrow/shared/domain/money';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import { TOPIC_ACTIONS } from './assistant.actions.ts';
import type { AssistantDeps } from './assistant.deps.ts';

/**
 * What a withdrawal would accept today, as the wallet module checks it (wallet.withdrawals.ts): the amount
 * plus the ₦50 fee must fit the balance, and the day's withdrawals must stay within the level's daily
 * limit, raised by the refunds credited today (refunded money is not a deposit). Minor units.
 */
export function withdrawableToday(
  wallet: Pick<Wallet, 'balance' | 'verificationLevel' | 'limits'>,
  refundedTodayMinor: number,
) {
  const balance = toMinor(wallet.balance) ?? 0;
  const withdrawnToday = toMinor(wallet.limits.withdrawnToday) ?? 0;
  const daily = WALLET_LIMITS[wallet.verificationLevel].dailyWithdrawalMinor;
  const byBalance = Math.max(0, balance - WITHDRAWAL_FEE_MINOR);
  const byLimit = Math.max(0, daily + refundedTodayMinor - withdrawnToday);
  return { amount: Math.min(byBalance, byLimit), byBalance, byLimit, daily, withdrawnToday };
}

export async function answerBalance(
  deps: Pick<AssistantDeps, 'account' | 'clock'>,
  userId: string,
): Promise<AssistantAnswer> {
  const wallet = await deps.account.wallet(userId);
  const refunded = await deps.account.refundsCreditedSince(
    userId,
    wallet.currency,
    lagosDayStart(deps.clock.now()),
  );
  const money = (minor: number) => formatMoney(toMajor(minor), wallet.currency);
  const today = withdrawableToday(wallet, refunded);
  const limit =
    `${wallet.verificationLevel} level: ${money(today.daily)} a day, ${money(today.withdrawnToday)} withdrawn today` +
    (refunded > 0 ? `, plus ${money(refunded)} refunded to you today, which the limit does not count` : '');
  const why =
    today.amount === 0
      ? today.byBalance === 0
        ? `your balance does not cover the ${money(WITHDRAWAL_FEE_MINOR)} withdrawal fee`
        : `you have reached today's limit (${limit})`
      : `the ${money(WITHDRAWAL_FEE_MINOR)} fee is charged on top, so your balance covers ${money(today.byBalance)}, and ${money(today.byLimit)} is left of today's limit (${limit})`;
  return {
    response: `Your available balance is ${formatMoney(wallet.balance, wallet.currency)}, and ${formatMoney(wallet.pendingEscrow, wallet.currency)} you paid is held in escrow. A withdrawal today can be up to ${money(today.amount)}: ${why}.`,
    suggestions: ['How do I withdraw funds?', 'Why is my money on hold?', 'How do I raise my limits?'],
    action: TOPIC_ACTIONS.wallet,
  };
}
