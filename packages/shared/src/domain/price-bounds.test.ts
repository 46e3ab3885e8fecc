import { describe, expect, it } from 'vitest';
import { priceBoundProblem } from './price-bounds.ts';
import { readTypedAmount, typedAmountToMinor } from './money.ts';
import { createTransactionSchemaFor } from '../schemas/transactions.ts';

describe('price bounds (docs/money.md)', () => {
  it.each([
    [99.99, 'NGN', 'Amount must be at least ₦100.00'],
    [100, 'NGN', null],
    [50_000_000, 'NGN', null],
    [50_000_000.01, 'NGN', 'Amount must be at most ₦50,000,000.00'],
    [0.99, 'USD', 'Amount must be at least $1.00'],
    [50_001, 'EUR', 'Amount must be at most €50,000.00'],
  ] as const)('%d %s → %s', (price, currency, message) => {
    expect(priceBoundProblem(price, currency)).toBe(message);
  });

  it('is part of the create schema, on the price field', () => {
    const parsed = createTransactionSchemaFor({ now: () => new Date('2026-06-15T11:00:00Z') }).safeParse({
      useCourier: false,
      description: 'Phone',
      price: 0.01,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['price'], message: 'Amount must be at least ₦100.00' }),
    ]);
  });
});

describe('the typed amount reader', () => {
  it.each([
    ['150000', 150_000, 15_000_000],
    ['₦ 1,250.5', 1250.5, 125_050],
    ['1.', 1, 100],
    ['99.999', 99.999, null],
    ['abc', null, null],
    ['-5', null, null],
    ['1e5', null, null],
    ['', null, null],
  ])('%j → %s major, %s minor', (text, major, minor) => {
    expect(readTypedAmount(text)).toBe(major);
    expect(typedAmountToMinor(text)).toBe(minor);
  });
});
