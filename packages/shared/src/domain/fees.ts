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
