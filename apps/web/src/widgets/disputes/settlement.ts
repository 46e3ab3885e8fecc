import { toMajor, toMinor } from '@escrow/shared/domain/money';
import type { EscrowRemainder, SettlementSplit } from '@escrow/shared/domain/disputes';
import { feeShares } from '@escrow/shared/domain/fees';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { formatMoney } from '../../lib/format';

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
    `Buyer receives ${formatMinor(split.buyer, currency)}`,
    `Seller receives ${formatMinor(split.seller, currency)}`,
    ...(split.broker === undefined ? [] : [`Broker receives ${formatMinor(split.broker, currency)}`]),
    `Platform keeps ${formatMinor(split.platform, currency)}`,
  ].join(' · ');
}

export const NO_MONEY_MOVES =
  'No money moves: the transaction returns to its status before the dispute and the inspection period starts again.';
