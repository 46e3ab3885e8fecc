import { msg } from '../i18n/msg.ts';

/** The transaction fee actually charged: 2.5% of the price, half-up to the minor unit. */
export const TRANSACTION_FEE_BASIS_POINTS = 250;
export const TRANSACTION_FEE_PERCENT = 2.5;

export function transactionFeeMinor(priceMinor: number): number {
  // fee = round_half_up(price * 250 / 10000) in BigInt: price * 250 passes 2^53 for prices above ₦360bn.
  return Number((BigInt(priceMinor) * BigInt(TRANSACTION_FEE_BASIS_POINTS) + 5000n) / 10000n);
}

export function transactionTotals(priceMinor: number): { feeMinor: number; totalMinor: number } {
  const feeMinor = transactionFeeMinor(priceMinor);
  return { feeMinor, totalMinor: priceMinor + feeMinor };
}

/** Who pays the fee (docs/money.md "Who pays the fee"); BUYER unless the creator chose otherwise. */
export const FEE_PAYERS = ['BUYER', 'SELLER', 'SPLIT'] as const;
export type FeePayer = (typeof FEE_PAYERS)[number];
export const DEFAULT_FEE_PAYER: FeePayer = 'BUYER';

export const FEE_PAYER_LABELS: Record<FeePayer, string> = {
  BUYER: msg('Buyer pays the fee'),
  SELLER: msg('Seller pays the fee'),
  SPLIT: msg('Split 50/50'),
};

/**
 * The fee's two shares. SPLIT gives the odd kobo to the buyer: ⌈fee/2⌉ from the buyer, ⌊fee/2⌋ from the
 * seller, so the shares always add up to the fee.
 */
export function feeShares(
  feeMinor: number,
  payer: FeePayer,
): { buyerFeeMinor: number; sellerFeeMinor: number } {
  switch (payer) {
    case 'BUYER':
      return { buyerFeeMinor: feeMinor, sellerFeeMinor: 0 };
    case 'SELLER':
      return { buyerFeeMinor: 0, sellerFeeMinor: feeMinor };
    case 'SPLIT':
      return { buyerFeeMinor: Math.ceil(feeMinor / 2), sellerFeeMinor: Math.floor(feeMinor / 2) };
  }
}

export type TradeAmounts = {
  priceMinor: number;
  /** The whole fee, as computed today whoever pays it. */
  feeMinor: number;
  buyerFeeMinor: number;
  sellerFeeMinor: number;
  /** What the buyer pays into escrow (the transaction's `total`). */
  buyerPaysMinor: number;
  /** What the seller gets on a full release. */
  sellerReceivesMinor: number;
};

/** Every amount of a trade from its price and fee payer; buyerPays = sellerReceives + fee always. */
export function tradeAmounts(priceMinor: number, payer: FeePayer = DEFAULT_FEE_PAYER): TradeAmounts {
  return tradeAmountsWithFee(priceMinor, transactionFeeMinor(priceMinor), payer);
}

/** The same for a trade whose fee is already fixed (a stored transaction: the fee is never recomputed). */
export function tradeAmountsWithFee(priceMinor: number, feeMinor: number, payer: FeePayer): TradeAmounts {
  const { buyerFeeMinor, sellerFeeMinor } = feeShares(feeMinor, payer);
  return {
    priceMinor,
    feeMinor,
    buyerFeeMinor,
    sellerFeeMinor,
    buyerPaysMinor: priceMinor + buyerFeeMinor,
    sellerReceivesMinor: priceMinor - sellerFeeMinor,
  };
}
