import { formatMoney } from '../../../lib/format';

/**
 * Whole numbers where the amount is whole (spec 01 §2 join page), but never a rounded figure for money
 * someone is about to pay: kobo are shown when there are any.
 */
export function formatAmountPlain(major: number, currency: string): string {
  return formatMoney(major, currency, Number.isInteger(major) ? 0 : 2);
}
