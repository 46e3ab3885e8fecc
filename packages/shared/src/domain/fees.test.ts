import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestPartialShare, settlementSplit, RESOLUTION_ACTIONS } from './disputes.ts';
import { FEE_PAYERS, feeShares, tradeAmounts } from './fees.ts';

describe('who pays the fee', () => {
  it.each([
    // ₦10,001.00: fee 25,002.5 kobo → 25,003 (half-up), odd, so SPLIT puts the odd kobo on the buyer.
    ['BUYER', 1_000_100, 25_003, 1_025_103, 1_000_100],
    ['SELLER', 1_000_100, 25_003, 1_000_100, 975_097],
    ['SPLIT', 1_000_100, 25_003, 1_012_602, 987_599],
    ['SPLIT', 100_000, 2_500, 101_250, 98_750],
  ] as const)('%s on %i kobo: fee %i, buyer pays %i, seller receives %i', (payer, price, fee, pays, gets) => {
    expect(tradeAmounts(price, payer)).toMatchObject({
      feeMinor: fee,
      buyerPaysMinor: pays,
      sellerReceivesMinor: gets,
    });
  });

  it('shares always add up to the fee and the buyer pays exactly what the seller and platform get', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 13 }), fc.constantFrom(...FEE_PAYERS), (price, payer) => {
        const t = tradeAmounts(price, payer);
        const shares = feeShares(t.feeMinor, payer);
        expect(shares.buyerFeeMinor + shares.sellerFeeMinor).toBe(t.feeMinor);
        if (payer === 'SPLIT') expect([0, 1]).toContain(shares.buyerFeeMinor - shares.sellerFeeMinor);
        expect(t.buyerPaysMinor).toBe(t.sellerReceivesMinor + t.feeMinor);
      }),
    );
  });

  it('every settlement moves exactly what the buyer paid, nobody negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 10 ** 12 }),
        fc.constantFrom(...FEE_PAYERS),
        fc.constantFrom(...RESOLUTION_ACTIONS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (price, payer, action, fraction) => {
          const t = tradeAmounts(price, payer);
          const largest = largestPartialShare(price, t.sellerFeeMinor);
          const share = Math.max(1, Math.floor(largest * fraction));
          const split = settlementSplit(action, price, t.feeMinor, share, payer);
          if (!split) return;
          expect(split.buyer + split.seller + split.platform).toBe(t.buyerPaysMinor);
          expect(Math.min(split.buyer, split.seller, split.platform)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('a partial share beyond the seller covering their fee share is refused', () => {
    const t = tradeAmounts(1_000_100, 'SELLER');
    expect(() => settlementSplit('REFUND_PARTIAL', 1_000_100, t.feeMinor, 975_098, 'SELLER')).toThrow(
      RangeError,
    );
    expect(settlementSplit('REFUND_PARTIAL', 1_000_100, t.feeMinor, 975_097, 'SELLER')).toEqual({
      buyer: 975_097,
      seller: 0,
      platform: 25_003,
    });
  });
});
