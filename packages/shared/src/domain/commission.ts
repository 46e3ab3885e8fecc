/**
 * A brokered trade's commission (partner API role BROKER, docs/partner-api.md): the broker's cut, in
 * minor units, taken from what the seller receives and credited to the broker's wallet when the money
 * is released. At most 20% of the price, fixed at creation. On a partial refund the broker gets the
 * commission pro rata to the seller's part of the price, rounded down to the kobo; on a full refund
 * nothing. The one source of truth for these amounts (server ledger postings and screens alike).
 */

import { tradeAmountsWithFee, type FeePayer, type TradeAmounts } from './fees.ts';

/** The commission may be at most price ÷ 5 (20%); the database checks `commission * 5 <= price` too. */
export const MAX_COMMISSION_PERCENT = 20;

export function isValidCommission(commissionMinor: number, priceMinor: number): boolean {
  return (
    Number.isSafeInteger(commissionMinor) &&
    commissionMinor >= 0 &&
    BigInt(commissionMinor) * 5n <= BigInt(priceMinor)
  );
}

/**
 * The broker's part when the seller's part of the price is `sellerPartMinor`:
 * ⌊commission × sellerPart ÷ price⌋ (BigInt: the product passes 2^53 on large trades). The whole
 * commission when the seller gets the whole price; 0 when the seller gets nothing.
 */
export function commissionShare(
  commissionMinor: number,
  sellerPartMinor: number,
  priceMinor: number,
): number {
  if (commissionMinor === 0 || sellerPartMinor <= 0) return 0;
  if (sellerPartMinor >= priceMinor) return commissionMinor;
  return Number((BigInt(commissionMinor) * BigInt(sellerPartMinor)) / BigInt(priceMinor));
}

/**
 * What the seller's part of the price must cover: their fee share and the broker's part of it. The
 * smallest seller's part p ≥ 1 with p − commissionShare(p) ≥ the seller's fee share. p − ⌊c·p/price⌋
 * never decreases as p grows (c ≤ price), and lies within 1 of p·(price − c)/price, so the answer is
 * found by a few steps from that estimate.
 */
export function smallestSellerPart(
  priceMinor: number,
  sellerFeeMinor: number,
  commissionMinor: number,
): number {
  const covers = (p: number) => p - commissionShare(commissionMinor, p, priceMinor) >= sellerFeeMinor;
  if (commissionMinor === 0) return Math.max(1, sellerFeeMinor);
  const price = BigInt(priceMinor);
  const net = price - BigInt(commissionMinor);
  // (sellerFee − 1) · price ÷ (price − c) is a lower bound of the answer.
  let p = Math.max(1, Number((BigInt(Math.max(0, sellerFeeMinor - 1)) * price) / net));
  while (!covers(p)) p += 1;
  return p;
}

/** A brokered trade's amounts: as tradeAmountsWithFee, the seller receiving the price less fee share and commission. */
export type BrokeredTradeAmounts = TradeAmounts & { commissionMinor: number };

export function brokeredTradeAmounts(
  priceMinor: number,
  feeMinor: number,
  payer: FeePayer,
  commissionMinor: number,
): BrokeredTradeAmounts {
  const trade = tradeAmountsWithFee(priceMinor, feeMinor, payer);
  return { ...trade, commissionMinor, sellerReceivesMinor: trade.sellerReceivesMinor - commissionMinor };
}
