import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatLagos,
  formatNumber,
  type LagosDateStyle,
  type LagosTimeStyle,
  type NumberOptions,
} from './en-ng-format.ts';

const intlNumber = (value: number, options: NumberOptions) =>
  new Intl.NumberFormat('en-NG', options).format(value);

const INTL_DATE: Record<LagosDateStyle, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'short' },
  medium: { dateStyle: 'medium' },
  'month-year': { month: 'long', year: 'numeric' },
};
const intlLagos = (value: Date, date?: LagosDateStyle, time?: LagosTimeStyle) =>
  new Intl.DateTimeFormat('en-NG', {
    ...(date ? INTL_DATE[date] : {}),
    ...(time ? { timeStyle: time } : {}),
    timeZone: 'Africa/Lagos',
  }).format(value);

// The option sets the app uses (money with and without kobo, counts, percentages, ratings, file sizes).
const NUMBER_OPTIONS: NumberOptions[] = [
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 3 },
  { maximumFractionDigits: 3, signDisplay: 'exceptZero' },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  {},
];

describe('formatNumber', () => {
  it.each([
    [1234567.5, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, '1,234,567.50'],
    [999.5, { maximumFractionDigits: 0 }, '1,000'],
    [1.005, { maximumFractionDigits: 2 }, '1.01'],
    [4.35, { maximumFractionDigits: 1, minimumFractionDigits: 1 }, '4.4'],
    [0.2, { maximumFractionDigits: 3, signDisplay: 'exceptZero' }, '+0.2'],
    [-0.57, { maximumFractionDigits: 3, signDisplay: 'exceptZero' }, '-0.57'],
    [-0.0001, { maximumFractionDigits: 3, signDisplay: 'exceptZero' }, '0'],
    [0, { maximumFractionDigits: 3, signDisplay: 'exceptZero' }, '0'],
    [-0.001, { maximumFractionDigits: 2 }, '-0'],
    [100_000_000, {}, '100,000,000'],
    [0.5, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, '0.50'],
  ] as const)('%s with %j is %s, as Intl writes it', (value, options, expected) => {
    expect(formatNumber(value, options)).toBe(expected);
    expect(intlNumber(value, options)).toBe(expected);
  });

  it('writes what Intl.NumberFormat en-NG writes, for any amount and option set the app uses', () => {
    const amounts = fc.oneof(
      // Kobo amounts as the app holds them: minor units / 100.
      fc.integer({ min: -1e15, max: 1e15 }).map((minor) => minor / 100),
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      fc.double({ min: -10, max: 10, noNaN: true }),
    );
    fc.assert(
      fc.property(amounts, fc.constantFrom(...NUMBER_OPTIONS), (value, options) => {
        expect(formatNumber(value, options)).toBe(intlNumber(value, options));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('formatLagos', () => {
  it.each([
    ['2026-11-21T13:30:05Z', { date: 'short' }, '21/11/2026'],
    ['2026-11-21T13:30:05Z', { date: 'medium' }, '21 Nov 2026'],
    ['2026-09-01T00:00:00Z', { date: 'medium' }, '1 Sept 2026'],
    ['2026-11-21T13:30:05Z', { date: 'month-year' }, 'November 2026'],
    ['2026-11-21T13:30:05Z', { date: 'short', time: 'short' }, '21/11/2026, 14:30'],
    ['2026-11-21T13:30:05Z', { date: 'medium', time: 'short' }, '21 Nov 2026, 14:30'],
    ['2026-11-21T13:30:05Z', { time: 'short' }, '14:30'],
    ['2026-11-21T13:30:05Z', { time: 'medium' }, '14:30:05'],
    // 23:30 UTC on the 31st is already the 1st in Lagos.
    ['2026-12-31T23:30:00Z', { date: 'short', time: 'short' }, '01/01/2027, 00:30'],
  ] as const)('%s with %j is %s', (value, styles, expected) => {
    expect(formatLagos(value, styles)).toBe(expected);
  });

  it('throws on an invalid date, as Intl does', () => {
    expect(() => formatLagos('not a date', { date: 'short' })).toThrow(RangeError);
  });

  it('writes what Intl.DateTimeFormat en-NG in Africa/Lagos writes, for any instant from 1970 to 2100', () => {
    const styles: [LagosDateStyle | undefined, LagosTimeStyle | undefined][] = [
      ['short', undefined],
      ['medium', undefined],
      ['month-year', undefined],
      ['short', 'short'],
      ['medium', 'short'],
      [undefined, 'short'],
      [undefined, 'medium'],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...styles),
        (time, [date, timeStyle]) => {
          const value = new Date(time);
          expect(formatLagos(value, { date, time: timeStyle })).toBe(intlLagos(value, date, timeStyle));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
