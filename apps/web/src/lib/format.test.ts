import { describe, expect, it } from 'vitest';
import {
  formatActivityTime,
  formatCount,
  formatDate,
  formatDateTime,
  formatDeadline,
  formatFileSize,
  formatMediumDate,
  formatMoney,
  formatMonthYear,
  formatPercent,
  formatRating,
  formatSignedPercent,
  formatTime,
  formatWholeAmount,
} from './format';

describe('formatMoney (details, payment, wallet: with kobo)', () => {
  it.each([
    [153_750, 'NGN', '₦153,750.00'],
    [0.5, 'NGN', '₦0.50'],
    [1_234.5, 'NGN', '₦1,234.50'],
    [-50, 'NGN', '-₦50.00'],
    [99.99, 'USD', '$99.99'],
    [10, 'XOF', 'XOF 10.00'],
  ])('%d %s → %s', (major, currency, expected) => {
    expect(formatMoney(major, currency)).toBe(expected);
  });
});

describe('formatWholeAmount (lists, the join page, disputes: whole naira)', () => {
  it.each([
    [153_750, '₦153,750'],
    // Floor rounding: ₦3,750.99 of fee is shown as ₦3,750, never rounded up.
    [3_750.99, '₦3,750'],
    [0.4, '₦0'],
    [50_000_000, '₦50,000,000'],
  ])('%d → %s', (major, expected) => {
    expect(formatWholeAmount(major)).toBe(expected);
  });

  it('uses the currency symbol', () => {
    expect(formatWholeAmount(1_000.75, 'GBP')).toBe('£1,000');
  });
});

describe('other numbers', () => {
  it('counts, percentages, ratings and file sizes', () => {
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatPercent(2.85)).toBe('2.85%');
    expect(formatSignedPercent(0.2)).toBe('+0.2%');
    expect(formatSignedPercent(0)).toBe('0%');
    expect(formatRating(4)).toBe('4.0');
    expect(formatFileSize(1_572_864)).toBe('1.5 MB');
    expect(formatFileSize(10)).toBe('1 KB');
  });
});

describe('dates and times: Lagos time (WAT, UTC+1) whatever the device’s zone', () => {
  // Instants whose day (or month, or year) in Lagos differs from UTC's and New York's (the web tests' zone).
  it.each([
    ['2026-11-21T23:30:00Z', '22/11/2026', '22/11/2026, 00:30', '22 Nov 2026, 00:30 WAT', '00:30'],
    ['2026-03-31T23:15:00Z', '01/04/2026', '01/04/2026, 00:15', '1 Apr 2026, 00:15 WAT', '00:15'],
    ['2026-12-31T23:59:00Z', '01/01/2027', '01/01/2027, 00:59', '1 Jan 2027, 00:59 WAT', '00:59'],
    // Evening in New York and Los Angeles, the next morning in Lagos.
    ['2026-07-02T03:05:00Z', '02/07/2026', '02/07/2026, 04:05', '2 Jul 2026, 04:05 WAT', '04:05'],
    // The same Lagos day as UTC's, one hour on.
    ['2026-07-01T22:59:00Z', '01/07/2026', '01/07/2026, 23:59', '1 Jul 2026, 23:59 WAT', '23:59'],
  ])('%s → %s · %s · %s · %s', (instant, date, dateTime, deadline, time) => {
    expect(formatDate(instant)).toBe(date);
    expect(formatDateTime(instant)).toBe(dateTime);
    expect(formatDeadline(instant)).toBe(deadline);
    expect(formatTime(instant)).toBe(time);
    expect(formatTime(new Date(instant), { seconds: true })).toBe(`${time}:00`);
  });

  it('names Lagos days and months', () => {
    expect(formatMediumDate('2026-11-23T23:30:00Z')).toBe('24 Nov 2026');
    expect(formatMonthYear('2026-11-30T23:30:00Z')).toBe('December 2026');
    expect(formatMonthYear('2026-11-30T22:30:00Z')).toBe('November 2026');
  });

  it('falls back to the Lagos date and time after a day', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(formatActivityTime('2026-11-23T11:30:00Z', now)).toBe('Just now');
    expect(formatActivityTime('2026-11-21T23:30:00Z', now)).toBe('22/11/2026, 00:30');
  });
});
