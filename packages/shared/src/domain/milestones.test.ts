import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestPartialShare, remainderSplit, RESOLUTION_ACTIONS } from './disputes.ts';
import { FEE_PAYERS, tradeAmounts } from './fees.ts';
import { milestoneRelease, proRataShares, unreleasedRemainder } from './milestones.ts';

const parts = fc.array(fc.integer({ min: 100, max: 5_000_000_000 }), { minLength: 2, maxLength: 10 });

describe('milestone money', () => {
  it('pro-rata shares add up to the total, each within a kobo of its exact share', () => {
    fc.assert(
      fc.property(parts, fc.integer({ min: 0, max: 10 ** 9 }), (amounts, total) => {
        const price = amounts.reduce((a, b) => a + b, 0);
        const shares = proRataShares(
          total,
          amounts.map((amountMinor) => ({ amountMinor })),
        );
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.slice(0, -1).forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(Math.abs(share - (total * amounts[i]!) / price)).toBeLessThan(1);
        });
      }),
    );
  });

  it('released one by one, the parts pay exactly the trade: seller receives, platform the fee', () => {
    fc.assert(
      fc.property(parts, fc.constantFrom(...FEE_PAYERS), (amounts, payer) => {
        const price = amounts.reduce((a, b) => a + b, 0);
        const t = tradeAmounts(price, payer);
        const trade = { priceMinor: price, feeMinor: t.feeMinor, feePayer: payer };
        const list = amounts.map((amountMinor) => ({ amountMinor }));
        const releases = list.map((_, i) => milestoneRelease(trade, list, i));
        expect(releases.reduce((a, r) => a + r.sellerMinor, 0)).toBe(t.sellerReceivesMinor);
        expect(releases.reduce((a, r) => a + r.platformMinor, 0)).toBe(t.feeMinor);
        expect(releases.reduce((a, r) => a + r.escrowOutMinor, 0)).toBe(t.buyerPaysMinor);
        for (const r of releases) expect(r.sellerMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('after any releases, every settlement of the rest moves exactly what is still held', () => {
    fc.assert(
      fc.property(
        parts,
        fc.constantFrom(...FEE_PAYERS),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(...RESOLUTION_ACTIONS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amounts, payer, releasedCount, action, fraction) => {
          const price = amounts.reduce((a, b) => a + b, 0);
          const t = tradeAmounts(price, payer);
          const trade = { priceMinor: price, feeMinor: t.feeMinor, feePayer: payer };
          const list = amounts.map((amountMinor) => ({ amountMinor }));
          const released = Math.min(releasedCount, amounts.length - 1);
          const paidOut = list
            .slice(0, released)
            .reduce((sum, _, i) => sum + milestoneRelease(trade, list, i).escrowOutMinor, 0);
          const open = list.map((_, i) => i).slice(released);
          const rest = { ...unreleasedRemainder(trade, list, open), anyReleased: released > 0 };
          const share = Math.max(
            1,
            Math.floor(largestPartialShare(rest.priceMinor, rest.sellerFeeMinor) * fraction),
          );
          const split = remainderSplit(action, rest, share);
          if (!split) return;
          expect(split.buyer + split.seller + split.platform).toBe(t.buyerPaysMinor - paidOut);
          expect(Math.min(split.buyer, split.seller, split.platform)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
