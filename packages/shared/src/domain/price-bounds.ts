import { msg } from '../i18n/msg.ts';
import { formatMoney } from './money.ts';
import type { TransactionCurrency } from './nigeria.ts';

/** Inclusive price bounds in major units for one currency. */
export type PriceBound = { min: number; max: number };
export type PriceBounds = Record<TransactionCurrency, PriceBound>;

/**
 * A transaction's price is between ₦100 and ₦50,000,000 (USD, EUR, GBP: 1 to 50,000; docs/product.md "Money
 * rules"). The server may be configured otherwise (TRANSACTION_PRICE_BOUNDS, docs/configuration.md); the web
 * app checks these defaults before Continue and shows the server's answer when it differs.
 */
export const DEFAULT_PRICE_BOUNDS: PriceBounds = {
  NGN: { min: 100, max: 50_000_000 },
  USD: { min: 1, max: 50_000 },
  EUR: { min: 1, max: 50_000 },
  GBP: { min: 1, max: 50_000 },
};

export const priceBelowMinimum = (min: number, currency: string) =>
  `Amount must be at least ${formatMoney(min, currency)}`;
/** {min}: formatMoney(min, currency). */
export const priceBelowMinimumMessage = msg('Amount must be at least {min}');
export const priceAboveMaximum = (max: number, currency: string) =>
  `Amount must be at most ${formatMoney(max, currency)}`;
/** {max}: formatMoney(max, currency). */
export const priceAboveMaximumMessage = msg('Amount must be at most {max}');

/** The message naming the bound a price breaks ('Amount must be at least ₦100.00'), or null when inside. */
export function priceBoundProblem(
  price: number,
  currency: TransactionCurrency,
  bounds: PriceBounds = DEFAULT_PRICE_BOUNDS,
): string | null {
  const bound = bounds[currency];
  if (price < bound.min) return priceBelowMinimum(bound.min, currency);
  if (price > bound.max) return priceAboveMaximum(bound.max, currency);
  return null;
}

/** priceBoundProblem as a message and its values (`t(message, params)`), or null when inside. */
export function priceBoundProblemMessage(
  price: number,
  currency: TransactionCurrency,
  bounds: PriceBounds = DEFAULT_PRICE_BOUNDS,
): { message: string; params: Record<string, string> } | null {
  const bound = bounds[currency];
  if (price < bound.min)
    return { message: priceBelowMinimumMessage, params: { min: formatMoney(bound.min, currency) } };
  if (price > bound.max)
    return { message: priceAboveMaximumMessage, params: { max: formatMoney(bound.max, currency) } };
  return null;
}
