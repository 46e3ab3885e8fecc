import { describe, expect, it } from 'vitest';
import { needsAmountHint, parseAmountToMinor, quote } from './calculator';

describe('landing calculator', () => {
  it.each([
    ['', 0],
    ['abc', 0],
    ['12abc', 0],
    ['-500', 0],
    ['1e5', 0],
    ['150000', 15_000_000],
    ['150,000', 15_000_000],
    ['₦ 1,250.5', 125_050],
    ['99.999', 0],
    ['1.', 100],
    ['9'.repeat(20), 0],
  ])('reads %j as %d kobo', (input, minor) => {
    expect(parseAmountToMinor(input)).toBe(minor);
  });

  it('computes the 2.5% fee half-up to the kobo and the total the buyer pays', () => {
    expect(quote('150000')).toEqual({ price: 150_000, fee: 3_750, total: 153_750, sellerReceives: 150_000 });
    // 0.5 kobo rounds up: 10.02 × 2.5% = 0.2505
    expect(quote('10.02')).toEqual({ price: 10.02, fee: 0.25, total: 10.27, sellerReceives: 10.02 });
    expect(quote('10.22')).toEqual({ price: 10.22, fee: 0.26, total: 10.48, sellerReceives: 10.22 });
    expect(quote('letters')).toEqual({ price: 0, fee: 0, total: 0, sellerReceives: 0 });
  });

  // ₦10,001.00: fee 25,002.5 kobo → 25,003 (₦250.03); SPLIT gives the odd kobo to the buyer.
  it.each([
    ['BUYER', 10_251.03, 10_001],
    ['SELLER', 10_001, 9_750.97],
    ['SPLIT', 10_126.02, 9_875.99],
  ] as const)(
    'with %s paying the fee the buyer pays %d and the seller receives %d',
    (payer, total, seller) => {
      expect(quote('10001', payer)).toEqual({ price: 10_001, fee: 250.03, total, sellerReceives: seller });
    },
  );

  it.each([
    ['', false],
    ['150000', false],
    ['abc', true],
    ['12abc', true],
  ])('asks for an amount in naira for %j: %s', (input, hint) => {
    expect(needsAmountHint(input)).toBe(hint);
  });
});
