/**
 * Numbers, dates and times as Nigerian English (en-NG) writes them, in Lagos time, without Intl.
 *
 * Why not Intl: the first Intl formatter a page makes starts the browser's ICU library, which costs 15-55 ms
 * of CPU in Chromium on the CI machine kind (four times that on Lighthouse's phone), as one task, before a
 * page that shows an amount or a date can render (docs/performance.md, Web). The formats are few and fixed,
 * so they are written out here; en-ng-format.test.ts checks them against Intl's en-NG for random values.
 *
 * Lagos keeps West Africa Time, UTC+1, all year (no daylight saving since 1919), so a Lagos date is the
 * UTC date of the instant one hour later.
 */

export type NumberOptions = {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** As Intl's: 'exceptZero' puts '+' before a positive number and no sign on one that rounds to 0. */
  signDisplay?: 'auto' | 'exceptZero';
};

/** '1,234,567' from '1234567'. */
function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = digits.slice(start, end) + (grouped ? `,${grouped}` : '');
  }
  return grouped;
}

/** Adds one to a string of decimal digits: '0999' → '1000', '99' → '100'. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * A number with en-NG grouping and between minimumFractionDigits and maximumFractionDigits decimals,
 * rounded half away from zero on its shortest decimal form, as Intl.NumberFormat does ('1.005' → '1.01').
 */
export function formatNumber(value: number, options: NumberOptions = {}): string {
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = Math.max(minimum, options.maximumFractionDigits ?? Math.max(minimum, 3));
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const shortest = Math.abs(value).toString();
  // Beyond 1e21 or below 1e-6 the shortest form has an exponent: no amount or date is there.
  if (shortest.includes('e')) return new Intl.NumberFormat('en-NG', options).format(value);
  let [integer = '0', fraction = ''] = shortest.split('.');
  if (fraction.length > maximum) {
    const roundUp = fraction.charCodeAt(maximum) >= 53; // '5'
    const kept = integer + fraction.slice(0, maximum);
    const rounded = roundUp ? incrementDigits(kept) : kept;
    integer = rounded.slice(0, rounded.length - maximum) || '0';
    fraction = rounded.slice(rounded.length - maximum);
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimum, '0');
  const isZero = /^0*$/.test(integer + fraction);
  const negative = value < 0 || Object.is(value, -0);
  const sign =
    options.signDisplay === 'exceptZero' ? (isZero ? '' : negative ? '-' : '+') : negative ? '-' : '';
  return `${sign}${groupThousands(integer.replace(/^0+(?=\d)/, ''))}${fraction ? `.${fraction}` : ''}`;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The Lagos calendar date and time of an instant (Intl throws RangeError on an invalid date; so does this). */
function lagosParts(value: Date | string | number) {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const lagos = new Date(time + LAGOS_OFFSET_MS);
  return {
    year: lagos.getUTCFullYear(),
    month: lagos.getUTCMonth(),
    day: lagos.getUTCDate(),
    hours: lagos.getUTCHours(),
    minutes: lagos.getUTCMinutes(),
    seconds: lagos.getUTCSeconds(),
  };
}

export type LagosDateStyle =
  /** 21/11/2026 */
  | 'short'
  /** 21 Nov 2026 */
  | 'medium'
  /** November 2026 */
  | 'month-year';
export type LagosTimeStyle =
  /** 14:30 */
  | 'short'
  /** 14:30:05 */
  | 'medium';

/** A Lagos date, time or both as en-NG writes them: '21/11/2026, 14:30', '21 Nov 2026', '14:30:05'. */
export function formatLagos(
  value: Date | string | number,
  { date, time }: { date?: LagosDateStyle; time?: LagosTimeStyle },
): string {
  const p = lagosParts(value);
  const datePart =
    date === 'short'
      ? `${twoDigits(p.day)}/${twoDigits(p.month + 1)}/${p.year}`
      : date === 'medium'
        ? `${p.day} ${SHORT_MONTHS[p.month]} ${p.year}`
        : date === 'month-year'
          ? `${LONG_MONTHS[p.month]} ${p.year}`
          : '';
  const timePart =
    time === undefined
      ? ''
      : `${twoDigits(p.hours)}:${twoDigits(p.minutes)}${time === 'medium' ? `:${twoDigits(p.seconds)}` : ''}`;
  return datePart && timePart ? `${datePart}, ${timePart}` : datePart || timePart;
}
