/**
 * Money lives in integer minor units (kobo for NGN) as bigint on the server and as a safe integer
 * (number) at the edges. At the API boundary amounts are major units with at most 2 decimals.
 */
import { formatNumber } from './en-ng-format.ts';

export const MINOR_PER_MAJOR = 100;

/** Largest amount accepted at the API: ₦1 trillion. Larger values are a 400, never a silent overflow. */
export const MAX_MAJOR_AMOUNT = 1_000_000_000_000;

/** Converts a major-unit amount (number or decimal string) to minor units exactly, or returns null. */
export function toMinor(major: number | string): number | null {
  const text =
    typeof major === 'number' ? (Number.isFinite(major) ? numberToPlainString(major) : '') : major.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  if (whole > MAX_MAJOR_AMOUNT) return null;
  return whole * MINOR_PER_MAJOR + fraction;
}

/** Minor units back to a major-unit number for the API (exact for amounts within MAX_MAJOR_AMOUNT). */
export function toMajor(minor: number | bigint): number {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  // Parsed from the decimal text, so the number is the double nearest to the exact amount: adding the
  // hundredths as a float gave 1.3900000000000001 for 139 kobo.
  const result = Number(`${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`);
  return negative ? -result : result;
}

function numberToPlainString(value: number): string {
  // Avoid exponent notation (1e21) and float noise (0.1 + 0.2) by rounding to 10 places first;
  // anything with more than 2 real decimals is then rejected by the pattern.
  if (Math.abs(value) >= 1e21) return '';
  return Number(value.toFixed(10)).toString().includes('e') ? '' : Number(value.toFixed(10)).toString();
}

export const CURRENCY_SYMBOLS: Record<string, string> = {
  NGN: '₦',
  GHS: '₵',
  KES: 'KSh',
  ZAR: 'R',
  USD: '$',
  EUR: '€',
  GBP: '£',
};

/** Display only: '₦1,234.50' with en-NG grouping. */
export function formatMoney(major: number, currency = 'NGN', fractionDigits = 2): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
  const formatted = formatNumber(Math.abs(major), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  return `${major < 0 ? '-' : ''}${symbol}${formatted}`;
}

/**
 * The one reading of an amount a person typed (every amount field and the calculators): spaces, thousands
 * commas, a leading currency symbol and a trailing point ('1.') are tolerated. Returns the major-unit
 * number, or null when the text is not a plain non-negative decimal. Exactness (at most 2 decimals, size)
 * is left to `toMinor` and the schemas, so a form can say which rule an amount breaks.
 */
export function readTypedAmount(text: string): number | null {
  const cleaned = cleanTypedAmount(text);
  if (cleaned === null) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** A typed amount in exact minor units, or null unless it is a valid amount (≤ 2 decimals, within the maximum). */
export function typedAmountToMinor(text: string): number | null {
  const cleaned = cleanTypedAmount(text);
  return cleaned === null ? null : toMinor(cleaned);
}

function cleanTypedAmount(text: string): string | null {
  const cleaned = text
    .replace(/[\s,]/g, '')
    .replace(/^(₦|\$|€|£|NGN|USD|EUR|GBP)/i, '')
    .replace(/\.$/, '');
  return /^\d+(\.\d+)?$/.test(cleaned) ? cleaned : null;
}

/** A typed amount that can be paid or moved: exact minor units above 0, or null. */
export function typedPositiveAmountToMinor(text: string): number | null {
  const minor = typedAmountToMinor(text);
  return minor !== null && minor > 0 ? minor : null;
}
