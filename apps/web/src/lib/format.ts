import { formatMoney } from '@escrow/shared/domain/money';

export { formatMoney };

/** Lists show amounts floor-rounded with thousands separators (spec 01 §2 My Transactions). */
export function formatWholeAmount(major: number, currency = 'NGN'): string {
  return formatMoney(Math.floor(major), currency, 0);
}

/** en-NG short date, e.g. 21/11/2026. */
export function formatDate(value: string | Date): string {
  return new Intl.DateTimeFormat('en-NG', { dateStyle: 'short' }).format(new Date(value));
}

export function formatDateTime(value: string | Date): string {
  return new Intl.DateTimeFormat('en-NG', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value));
}

/** Spec 01 §9: under 1 hour 'Just now', under 24 hours 'N hours ago', otherwise date and time. */
export function formatActivityTime(value: string | Date, now = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return 'Just now';
  const hours = Math.floor((now - time) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return formatDateTime(value);
}
