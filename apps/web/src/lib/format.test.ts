import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatFileSize,
  formatMoney,
  formatPercent,
  formatRating,
  formatSignedPercent,
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
    // Floor rounding (spec 01 §2): ₦3,750.99 of fee is shown as ₦3,750, never rounded up.
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
