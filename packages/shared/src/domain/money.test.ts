import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MAJOR_AMOUNT, formatMoney, toMajor, toMinor } from './money.ts';
import { transactionFeeMinor, transactionTotals } from './fees.ts';

describe('toMinor', () => {
  it.each([
    [150000, 15_000_000],
    ['150000', 15_000_000],
    [0.1, 10],
    [12.34, 1234],
    ['12.3', 1230],
    [0, 0],
    [MAX_MAJOR_AMOUNT, MAX_MAJOR_AMOUNT * 100],
  ])('converts %s exactly', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  it.each([
    [-1],
    [1.234],
    ['1.234'],
    [Number.NaN],
    [Infinity],
    [1e20],
    ['abc'],
    [''],
    ['1e5'],
    [MAX_MAJOR_AMOUNT + 1],
    ['-5'],
  ])('rejects %s', (input) => {
    expect(toMinor(input as number)).toBeNull();
  });

  it('round-trips every amount with at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MAJOR_AMOUNT * 100 }), (minor) => {
        expect(toMinor(toMajor(minor))).toBe(minor);
      }),
    );
  });
});

describe('transaction fee', () => {
  it.each([
    [10_000, 250],
    [100, 3], // 2.5 kobo rounds half up
    [99, 2], // 2.475 -> 2
    [1, 0],
    [15_000_000, 375_000],
    [MAX_MAJOR_AMOUNT * 100, 2_500_000_000_000], // ₦1 trillion: exact beyond 2^53 intermediate values
    [99_999_999_999_999, 2_500_000_000_000], // 2,499,999,999,999.975 kobo rounds up
    [99_999_999_999_979, 2_499_999_999_999], // ...979 * 0.025 = ...999.475 rounds down
  ])('fee of %i kobo is %i kobo', (price, fee) => {
    expect(transactionFeeMinor(price)).toBe(fee);
  });

  it('total is always price + fee and the fee is 2.5% within half a kobo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), (price) => {
        const { feeMinor, totalMinor } = transactionTotals(price);
        expect(totalMinor).toBe(price + feeMinor);
        expect(Math.abs(feeMinor - price * 0.025)).toBeLessThanOrEqual(0.5 + 1e-6 * price * 0.025);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('formats naira with en-NG grouping and 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('₦1,234.50');
    expect(formatMoney(1000000, 'USD', 0)).toBe('$1,000,000');
  });
});

describe('toMajor prints the exact amount', () => {
  it.each([
    [139, 1.39],
    [114, 1.14],
    [10_005, 100.05],
    [150_050, 1500.5],
    [150_000, 1500],
    [-139, -1.39],
    [4_999_999_999, 49_999_999.99],
  ])('%d minor units → %d', (minor, major) => {
    expect(toMajor(minor)).toBe(major);
    expect(JSON.stringify(toMajor(minor))).toBe(String(major));
  });

  it('its JSON text is always the plain two-decimal amount without float noise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000_000 }), (minor) => {
        const text = JSON.stringify(toMajor(minor));
        const exact = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`.replace(
          /\.?0+$/,
          '',
        );
        expect(text).toBe(exact);
      }),
    );
  });
});
