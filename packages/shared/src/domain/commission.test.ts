import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brokeredTradeAmounts,
  commissionShare,
  isValidCommission,
  smallestSellerPart,
} from './commission.ts';
import { largestPartialShare, partialShareRangeText, settlementSplit } from './disputes.ts';
import { FEE_PAYERS, tradeAmounts } from './fees.ts';

// A price and a commission of at most 20% of it (the database's CHECK commission * 5 <= price).
const trade = fc
  .record({
    price: fc.integer({ min: 1, max: 10 ** 13 }),
    ratio: fc.double({ min: 0, max: 1, noNaN: true }),
    payer: fc.constantFrom(...FEE_PAYERS),
  })
  .map(({ price, ratio, payer }) => ({ price, payer, commission: Math.floor((price / 5) * ratio) }));

describe('broker commission', () => {
  it('is at most 20% of the price', () => {
    expect(isValidCommission(200_000, 1_000_000)).toBe(true);
    expect(isValidCommission(200_001, 1_000_000)).toBe(false);
    expect(isValidCommission(-1, 1_000_000)).toBe(false);
    expect(isValidCommission(0.5, 1_000_000)).toBe(false);
  });

  it('is taken from what the seller receives, and everything the buyer paid is accounted for', () => {
    // ₦10,001.00, SELLER pays the fee (₦250.03), commission ₦1,000.00.
    const t = brokeredTradeAmounts(1_000_100, 25_003, 'SELLER', 100_000);
    expect(t).toMatchObject({
      buyerPaysMinor: 1_000_100,
      sellerReceivesMinor: 875_097,
      commissionMinor: 100_000,
    });
  });

  it('is paid pro rata to the seller’s part, rounded down to the kobo', () => {
    expect(commissionShare(100_000, 1_000_100, 1_000_100)).toBe(100_000);
    expect(commissionShare(100_000, 0, 1_000_100)).toBe(0);
    // 100,000 × 600,050 ÷ 1,000,100 = 59,999.0000…
    expect(commissionShare(100_000, 600_050, 1_000_100)).toBe(59_999);
    expect(commissionShare(0, 600_050, 1_000_100)).toBe(0);
  });

  it('buyer refund + seller + broker + platform = what the buyer paid, for every settlement', () => {
    fc.assert(
      fc.property(trade, fc.double({ min: 0, max: 1, noNaN: true }), ({ price, payer, commission }, at) => {
        const t = tradeAmounts(price, payer);
        const paid = t.buyerPaysMinor;
        const sum = (s: { buyer: number; seller: number; platform: number; broker?: number }) =>
          s.buyer + s.seller + s.platform + (s.broker ?? 0);
        const release = settlementSplit('RELEASE_PAYMENT', price, t.feeMinor, null, payer, commission)!;
        expect(sum(release)).toBe(paid);
        expect(release.seller).toBe(
          brokeredTradeAmounts(price, t.feeMinor, payer, commission).sellerReceivesMinor,
        );
        expect(release.broker ?? 0).toBe(commission);
        const full = settlementSplit('REFUND_FULL', price, t.feeMinor, null, payer, commission)!;
        expect(full).toMatchObject({ buyer: paid, seller: 0, platform: 0 });
        expect(full.broker ?? 0).toBe(0);
        const largest = largestPartialShare(price, t.sellerFeeMinor, commission);
        if (largest < 1) return;
        const share = 1 + Math.floor((largest - 1) * at);
        const partial = settlementSplit('REFUND_PARTIAL', price, t.feeMinor, share, payer, commission)!;
        expect(sum(partial)).toBe(paid);
        expect(partial.buyer).toBe(share);
        expect(partial.seller).toBeGreaterThanOrEqual(0);
        expect(partial.broker ?? 0).toBe(
          Number((BigInt(commission) * BigInt(price - share)) / BigInt(price)),
        );
        expect(partial.platform).toBe(t.feeMinor);
        // One kobo more leaves the seller short of their fee share and the broker's part.
        expect(() =>
          settlementSplit('REFUND_PARTIAL', price, t.feeMinor, largest + 1, payer, commission),
        ).toThrow(RangeError);
      }),
    );
  });

  it('the smallest seller’s part is exactly the least that covers fee share and commission share', () => {
    fc.assert(
      fc.property(trade, ({ price, payer, commission }) => {
        const { sellerFeeMinor } = tradeAmounts(price, payer);
        const p = smallestSellerPart(price, sellerFeeMinor, commission);
        const covers = (part: number) => part - commissionShare(commission, part, price) >= sellerFeeMinor;
        expect(p).toBeGreaterThanOrEqual(1);
        expect(covers(p)).toBe(true);
        if (p > 1) expect(covers(p - 1)).toBe(false);
      }),
    );
  });

  it('names the largest allowed partial refund and what the seller’s part must cover', () => {
    // ₦10,001.00, SELLER pays the fee ₦250.03, commission ₦1,000.00: the seller's part p must cover
    // ₦250.03 + ⌊100,000 × p ÷ 1,000,100⌋ → p = 27,780 kobo (₦277.80): ⌊2,777.72⌋ = ₦27.77 to the broker, ₦250.03 left for the fee.
    const price = 1_000_100;
    expect(smallestSellerPart(price, 25_003, 100_000)).toBe(27_780);
    expect(partialShareRangeText(price, 25_003, 'NGN', false, 100_000)).toBe(
      'The buyer’s share must be more than 0 and at most ₦9,723.20, so the seller’s part covers their ₦250.03 share of the fee and the broker’s ₦27.77 share of the commission',
    );
  });
});
