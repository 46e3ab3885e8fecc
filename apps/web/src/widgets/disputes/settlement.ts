import { toMajor, toMinor } from '@escrow/shared/domain/money';
import type { EscrowRemainder, SettlementSplit } from '@escrow/shared/domain/disputes';
import { feeShares } from '@escrow/shared/domain/fees';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { msg } from '@escrow/shared/i18n/msg';
import { formatMoney } from '../../lib/format';
import { t } from '../../lib/i18n';

export const minorOf = (major: number) => toMinor(major) ?? 0;

/** What a dispute acts on, in minor units, and whether it is a milestone trade's unreleased remainder. */
export type HeldEscrow = EscrowRemainder & { milestoneTrade: boolean };

/**
 * The escrow the dispute acts on: the server's `held` (for a milestone trade, the unreleased milestones'
 * price and fee parts); without it, the whole trade, as a one-off trade holds.
 */
export function heldEscrow(transaction: Dispute['transaction']): HeldEscrow {
  const { held } = transaction;
  if (held)
    return {
      priceMinor: minorOf(held.price),
      feeMinor: minorOf(held.fee),
      sellerFeeMinor: minorOf(held.sellerFee),
      buyerFeeMinor: minorOf(held.buyerFee),
      anyReleased: held.anyReleased,
      milestoneTrade: held.milestoneTrade,
      // A brokered trade's commission, out of the seller's part (docs/money.md "Broker commission").
      ...(held.commission === undefined ? {} : { commissionMinor: minorOf(held.commission) }),
    };
  const feeMinor = minorOf(transaction.fee);
  return {
    priceMinor: minorOf(transaction.price),
    feeMinor,
    ...feeShares(feeMinor, transaction.feePayer),
    anyReleased: false,
    milestoneTrade: false,
  };
}

export const formatMinor = (minor: number, currency: string) => formatMoney(toMajor(minor), currency);

/**
 * The confirmation line of a decision: 'Buyer receives ₦X · Seller receives ₦Y · Platform keeps ₦Z', with
 * 'Broker receives ₦B' before the platform on a brokered trade (as the server's settlement texts).
 */
export function splitText(split: SettlementSplit, currency: string): string {
  return [
    t('Buyer receives {amount}', { amount: formatMinor(split.buyer, currency) }),
    t('Seller receives {amount}', { amount: formatMinor(split.seller, currency) }),
    ...(split.broker === undefined
      ? []
      : [t('Broker receives {amount}', { amount: formatMinor(split.broker, currency) })]),
    t('Platform keeps {amount}', { amount: formatMinor(split.platform, currency) }),
  ].join(' · ');
}

/** English id: shown with `t(NO_MONEY_MOVES)`. */
export const NO_MONEY_MOVES = msg(
  'No money moves: the transaction returns to its status before the dispute and the inspection period starts again.',
);
