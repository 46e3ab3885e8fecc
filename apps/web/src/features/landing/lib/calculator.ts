import { toMajor, toMinor } from '@escrow/shared/domain/money';
import { transactionTotals } from '@escrow/shared/domain/fees';

export type CalculatorQuote = { price: number; fee: number; total: number };

/**
 * The landing calculator's reading of what the visitor typed (spec 01 §5: a non-numeric value counts
 * as 0). Spaces, thousands commas and a leading ₦ are tolerated; digits past the kobo are dropped;
 * anything else, or an amount above the API's maximum, is 0.
 */
export function parseAmountToMinor(input: string): number {
  const text = input.replace(/[\s,₦]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return 0;
  const fraction = (match[2] ?? '').slice(0, 2);
  return toMinor(fraction ? `${match[1]}.${fraction}` : match[1]!) ?? 0;
}

/** Fee and total with the same integer rule the server charges (fees.ts), back in naira for display. */
export function quote(input: string): CalculatorQuote {
  const priceMinor = parseAmountToMinor(input);
  const { feeMinor, totalMinor } = transactionTotals(priceMinor);
  return { price: toMajor(priceMinor), fee: toMajor(feeMinor), total: toMajor(totalMinor) };
}
