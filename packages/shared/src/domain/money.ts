/**
 * Money lives in integer minor units (kobo for NGN) as bigint on the server and as a safe integer
 * (number) at the edges. At the API boundary amounts are major units with at most 2 decimals.
 */
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
  const formatted = new Intl.NumberFormat('en-NG', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(Math.abs(major));
  return `${major < 0 ? '-' : ''}${symbol}${formatted}`;
}
