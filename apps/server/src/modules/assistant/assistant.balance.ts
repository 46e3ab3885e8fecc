import { lagosDayStart, WALLET_LIMITS, WITHDRAWAL_FEE_MINOR } from '@escrow/shared/domain/limits';
import { formatMoney, toMajor, toMinor } from '@escrow/shared/domain/money';
import { msg } from '@escrow/shared/i18n/msg';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import { labelled, TOPIC_ACTIONS } from './assistant.actions.ts';
import type { AssistantDeps } from './assistant.deps.ts';
import { inEnglish, type Say } from './assistant.knowledge-types.ts';

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
  say: Say = inEnglish,
): Promise<AssistantAnswer> {
  const wallet = await deps.account.wallet(userId);
  const refunded = await deps.account.refundsCreditedSince(
    userId,
    wallet.currency,
    lagosDayStart(deps.clock.now()),
  );
  const money = (minor: number) => formatMoney(toMajor(minor), wallet.currency);
  const today = withdrawableToday(wallet, refunded);
  const params = {
    amount: money(today.amount),
    fee: money(WITHDRAWAL_FEE_MINOR),
    byBalance: money(today.byBalance),
    byLimit: money(today.byLimit),
    level: wallet.verificationLevel,
    daily: money(today.daily),
    withdrawn: money(today.withdrawnToday),
    refunded: money(refunded),
  };
  const held = say(msg('Your available balance is {balance}, and {escrow} you paid is held in escrow.'), {
    balance: formatMoney(wallet.balance, wallet.currency),
    escrow: formatMoney(wallet.pendingEscrow, wallet.currency),
  });
  let withdrawable: string;
  if (today.amount === 0 && today.byBalance === 0)
    withdrawable = say(
      msg('A withdrawal today can be up to {amount}: your balance does not cover the {fee} withdrawal fee.'),
      params,
    );
  else if (today.amount === 0)
    withdrawable =
      refunded > 0
        ? say(
            msg(
              "A withdrawal today can be up to {amount}: you have reached today's limit ({level} level: {daily} a day, {withdrawn} withdrawn today, plus {refunded} refunded to you today, which the limit does not count).",
            ),
            params,
          )
        : say(
            msg(
              "A withdrawal today can be up to {amount}: you have reached today's limit ({level} level: {daily} a day, {withdrawn} withdrawn today).",
            ),
            params,
          );
  else
    withdrawable =
      refunded > 0
        ? say(
            msg(
              "A withdrawal today can be up to {amount}: the {fee} fee is charged on top, so your balance covers {byBalance}, and {byLimit} is left of today's limit ({level} level: {daily} a day, {withdrawn} withdrawn today, plus {refunded} refunded to you today, which the limit does not count).",
            ),
            params,
          )
        : say(
            msg(
              "A withdrawal today can be up to {amount}: the {fee} fee is charged on top, so your balance covers {byBalance}, and {byLimit} is left of today's limit ({level} level: {daily} a day, {withdrawn} withdrawn today).",
            ),
            params,
          );
  return {
    response: `${held} ${withdrawable}`,
    suggestions: [
      msg('How do I withdraw funds?'),
      msg('Why is my money on hold?'),
      msg('How do I raise my limits?'),
    ].map((id) => say(id)),
    action: labelled(TOPIC_ACTIONS.wallet, say),
  };
}
