import { formatLagos, formatNumber } from '@escrow/shared/domain/en-ng-format';
import { formatMoney as formatMoneyIn } from '@escrow/shared/domain/money';
import { t } from './i18n';

/*
 * Every number, date and time the web app shows goes through this module (eslint.config.js forbids
 * Intl.NumberFormat, Intl.DateTimeFormat and toLocale*String anywhere else in apps/web/src), so one screen
 * cannot drift from another. They are written out in @escrow/shared/domain/en-ng-format rather than made
 * with Intl, whose first use costs a page a long task (see that file).
 *
 * Money has two forms:
 * - formatMoney: with kobo, '₦153,750.00': transaction details, payment, the wallet, the landing page.
 * - formatWholeAmount: whole naira, floor-rounded, with thousands separators, '₦153,750': lists, the
 *   join page (item price, fee, total) and disputes.
 */

/** With kobo: '₦1,234.50' (en-NG grouping, the currency's symbol). */
export function formatMoney(major: number, currency = 'NGN'): string {
  return formatMoneyIn(major, currency, 2);
}

/** Whole naira, floor-rounded: '₦1,234' for 1,234.99. */
export function formatWholeAmount(major: number, currency = 'NGN'): string {
  return formatMoneyIn(Math.floor(major), currency, 0);
}

/** A count with thousands separators: 12,345. */
export const formatCount = (count: number): string => formatNumber(count, { maximumFractionDigits: 0 });

/** Percentage points: 2.85 → '2.85%'. */
export const formatPercent = (points: number): string =>
  `${formatNumber(points, { maximumFractionDigits: 3 })}%`;
/** Signed percentage points for breakdown lines: '+0.2%', '-0.57%'. */
export const formatSignedPercent = (points: number): string =>
  `${formatNumber(points, { maximumFractionDigits: 3, signDisplay: 'exceptZero' })}%`;

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** A 1-5 star rating with one decimal: 4.5. */
export const formatRating = (rating: number): string => formatNumber(rating, oneDecimal);

/** A file size: '1.5 MB' from 1 MB up, else whole kilobytes (at least 1 KB). */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${formatNumber(bytes / (1024 * 1024), oneDecimal)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/*
 * Dates and times: every one on screen is Lagos time (WAT, UTC+1 all year), en-NG, whatever
 * the device's zone, so a deadline and the activity around it read on one clock. 'WAT' is said only where a
 * reader abroad could take a time of day for their own: beside deadlines (formatDeadline), not everywhere.
 */

/** Short date: 21/11/2026. */
export const formatDate = (value: string | Date): string => formatLagos(value, { date: 'short' });

/** Medium date: 21 Nov 2026. */
export const formatMediumDate = (value: string | Date): string => formatLagos(value, { date: 'medium' });

/** Month and year: November 2026 ('member since'). */
export const formatMonthYear = (value: string | Date): string => formatLagos(value, { date: 'month-year' });

/** Short date and time: 21/11/2026, 14:30. */
export const formatDateTime = (value: string | Date): string =>
  formatLagos(value, { date: 'short', time: 'short' });

/** A deadline, labelled because it is easy to misread abroad: '21 Nov 2026, 14:30 WAT'. */
export const formatDeadline = (value: string | Date): string =>
  `${formatLagos(value, { date: 'medium', time: 'short' })} WAT`;

/** Time of day: 14:30 (14:30:05 with seconds). */
export const formatTime = (value: string | Date | number, { seconds = false } = {}): string =>
  formatLagos(value, { time: seconds ? 'medium' : 'short' });

/** Under 1 hour 'Just now', under 24 hours 'N hours ago', otherwise date and time. */
export function formatActivityTime(value: string | Date, now = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return t('Just now');
  const hours = Math.floor((now - time) / 3_600_000);
  if (hours < 1) return t('Just now');
  if (hours < 24) return t('{hours, plural, one {# hour ago} other {# hours ago}}', { hours });
  return formatDateTime(value);
}
