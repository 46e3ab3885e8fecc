import { msg } from '@escrow/shared/i18n/msg';
import { toMajor, typedAmountToMinor } from '@escrow/shared/domain/money';
import { DEFAULT_FEE_PAYER, tradeAmounts, type FeePayer } from '@escrow/shared/domain/fees';

/** `total` is what the buyer pays into escrow; `sellerReceives` what the seller gets on release. */
export type CalculatorQuote = { price: number; fee: number; total: number; sellerReceives: number };

/** A non-numeric value counts as 0; the screen says so with this hint. */
export const CALCULATOR_HINT = msg('Enter an amount in naira');

/**
 * The landing calculator's reading of what the visitor typed, with the app's one amount reader: anything
 * that is not an amount (letters, a negative, more than 2 decimals, above the API's maximum) counts as 0.
 */
export function parseAmountToMinor(input: string): number {
  return typedAmountToMinor(input) ?? 0;
}

/** Whether the typed text needs the hint: something was typed and it is not an amount. */
export function needsAmountHint(input: string): boolean {
  return input.trim() !== '' && typedAmountToMinor(input) === null;
}

/**
 * Fee, what the buyer pays and what the seller receives for the chosen fee payer, with the same integer
 * rules the server charges (fees.ts), back in naira for display.
 */
export function quote(input: string, payer: FeePayer = DEFAULT_FEE_PAYER): CalculatorQuote {
  const amounts = tradeAmounts(parseAmountToMinor(input), payer);
  return {
    price: toMajor(amounts.priceMinor),
    fee: toMajor(amounts.feeMinor),
    total: toMajor(amounts.buyerPaysMinor),
    sellerReceives: toMajor(amounts.sellerReceivesMinor),
  };
}
