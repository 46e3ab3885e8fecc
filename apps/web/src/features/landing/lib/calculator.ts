import { toMajor, typedAmountToMinor } from '@escrow/shared/domain/money';
import { transactionTotals } from '@escrow/shared/domain/fees';

export type CalculatorQuote = { price: number; fee: number; total: number };

/** Spec 01 §5: a non-numeric value counts as 0; the screen says so with this hint (issue 17 point 9). */
export const CALCULATOR_HINT = 'Enter an amount in naira';

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

/** Fee and total with the same integer rule the server charges (fees.ts), back in naira for display. */
export function quote(input: string): CalculatorQuote {
  const priceMinor = parseAmountToMinor(input);
  const { feeMinor, totalMinor } = transactionTotals(priceMinor);
  return { price: toMajor(priceMinor), fee: toMajor(feeMinor), total: toMajor(totalMinor) };
}
