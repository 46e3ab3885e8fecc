import { describe, expect, it } from 'vitest';
import {
  computeAutoReleaseAt,
  disputeClosesAt,
  disputeSlaDueAt,
  DISPUTE_TEXT,
  earliestTimeRelease,
  extendedAutoReleaseAt,
  isValidPartialShare,
  largestPartialShare,
  partialShareRangeText,
  proposalExpiresAt,
  remainderSplit,
  restartedAutoReleaseAt,
  settlementSplit,
  type ResolutionAction,
  type SettlementSplit,
} from './disputes.ts';
import type { FeePayer } from './fees.ts';

/*
 * Worked examples of the dispute rules (docs/money.md "Who pays the fee", docs/disputes.md), in
 * kobo, each figured out by hand: ₦1,000.00 with its ₦25.00 fee, and ₦1,000.20 whose fee of 2,500.5 kobo
 * rounds to ₦25.01 (SPLIT gives the odd kobo to the buyer: 1,251 buyer, 1,250 seller).
 */

type Row = [
  action: ResolutionAction,
  payer: FeePayer,
  price: number,
  fee: number,
  share: number | null,
  commission: number,
  split: SettlementSplit | null,
];

const SETTLEMENTS: Row[] = [
  // The buyer paid 102,500 (price + fee).
  ['REFUND_FULL', 'BUYER', 100_000, 2_500, null, 0, { buyer: 102_500, seller: 0, platform: 0 }],
  ['RELEASE_PAYMENT', 'BUYER', 100_000, 2_500, null, 0, { buyer: 0, seller: 100_000, platform: 2_500 }],
  ['REFUND_PARTIAL', 'BUYER', 100_000, 2_500, 40_000, 0, { buyer: 40_000, seller: 60_000, platform: 2_500 }],
  ['NO_ACTION', 'BUYER', 100_000, 2_500, null, 0, null],
  // The buyer paid 100,000 (price only); the seller's part carries the fee.
  ['REFUND_FULL', 'SELLER', 100_000, 2_500, null, 0, { buyer: 100_000, seller: 0, platform: 0 }],
  ['RELEASE_PAYMENT', 'SELLER', 100_000, 2_500, null, 0, { buyer: 0, seller: 97_500, platform: 2_500 }],
  ['REFUND_PARTIAL', 'SELLER', 100_000, 2_500, 40_000, 0, { buyer: 40_000, seller: 57_500, platform: 2_500 }],
  // The largest partial share leaves the seller exactly their fee share: they receive nothing.
  ['REFUND_PARTIAL', 'SELLER', 100_000, 2_500, 97_500, 0, { buyer: 97_500, seller: 0, platform: 2_500 }],
  // SPLIT on ₦1,000.20: the buyer paid 100,020 + 1,251 = 101,271.
  ['REFUND_FULL', 'SPLIT', 100_020, 2_501, null, 0, { buyer: 101_271, seller: 0, platform: 0 }],
  ['RELEASE_PAYMENT', 'SPLIT', 100_020, 2_501, null, 0, { buyer: 0, seller: 98_770, platform: 2_501 }],
  ['REFUND_PARTIAL', 'SPLIT', 100_020, 2_501, 50_000, 0, { buyer: 50_000, seller: 48_770, platform: 2_501 }],
  // A broker's ₦100 commission comes out of the seller's part, pro rata on a partial refund.
  [
    'RELEASE_PAYMENT',
    'BUYER',
    100_000,
    2_500,
    null,
    10_000,
    { buyer: 0, seller: 90_000, platform: 2_500, broker: 10_000 },
  ],
  [
    'REFUND_PARTIAL',
    'BUYER',
    100_000,
    2_500,
    40_000,
    10_000,
    { buyer: 40_000, seller: 54_000, platform: 2_500, broker: 6_000 },
  ],
  // 10,001 × 66,667 ÷ 100,000 = 6,667.37: the broker's part is rounded down, the seller keeps the rest.
  [
    'REFUND_PARTIAL',
    'BUYER',
    100_000,
    2_500,
    33_333,
    10_001,
    { buyer: 33_333, seller: 60_000, platform: 2_500, broker: 6_667 },
  ],
  [
    'REFUND_FULL',
    'BUYER',
    100_000,
    2_500,
    null,
    10_000,
    { buyer: 102_500, seller: 0, platform: 0, broker: 0 },
  ],
];

const paidByBuyer = (payer: FeePayer, price: number, fee: number) =>
  price + (payer === 'BUYER' ? fee : payer === 'SELLER' ? 0 : Math.ceil(fee / 2));

describe('settlementSplit', () => {
  it.each(SETTLEMENTS)('%s, fee paid by %s, price %d fee %d share %s commission %d', (...row) => {
    const [action, payer, price, fee, share, commission, split] = row;
    const result = settlementSplit(action, price, fee, share, payer, commission);
    expect(result).toEqual(split);
    if (result) {
      const parts = result.buyer + result.seller + result.platform + (result.broker ?? 0);
      expect(parts).toBe(paidByBuyer(payer, price, fee));
    }
  });

  it.each([
    ['no share', null, 'BUYER'],
    ['a share of 0', 0, 'BUYER'],
    ['the whole price', 100_000, 'BUYER'],
    ['a share leaving the seller less than their fee share', 97_501, 'SELLER'],
    ['a fraction of a kobo', 40_000.5, 'BUYER'],
  ] as const)('refuses a partial refund with %s', (_label, share, payer) => {
    expect(() => settlementSplit('REFUND_PARTIAL', 100_000, 2_500, share, payer)).toThrow(
      new RangeError(DISPUTE_TEXT.partialAmountRange),
    );
  });
});

describe('remainderSplit (milestone trades)', () => {
  const remainder = { priceMinor: 60_000, feeMinor: 1_500, sellerFeeMinor: 0, buyerFeeMinor: 1_500 };

  it('refunds the fee too while nothing was released, and keeps it once a milestone was', () => {
    expect(remainderSplit('REFUND_FULL', { ...remainder, anyReleased: false })).toEqual({
      buyer: 61_500,
      seller: 0,
      platform: 0,
    });
    expect(remainderSplit('REFUND_FULL', { ...remainder, anyReleased: true })).toEqual({
      buyer: 60_000,
      seller: 0,
      platform: 1_500,
    });
  });

  it('releases and splits the remainder as a one-off trade would', () => {
    const r = { ...remainder, anyReleased: true };
    expect(remainderSplit('RELEASE_PAYMENT', r)).toEqual({ buyer: 0, seller: 60_000, platform: 1_500 });
    expect(remainderSplit('REFUND_PARTIAL', r, 20_000)).toEqual({
      buyer: 20_000,
      seller: 40_000,
      platform: 1_500,
    });
    expect(remainderSplit('NO_ACTION', r)).toBeNull();
  });
});

describe('partial share bounds', () => {
  it.each([
    // price, seller's fee share, commission → largest share
    [100_000, 0, 0, 99_999],
    [100_000, 2_500, 0, 97_500],
    [100_000, 0, 10_000, 99_999],
    // The seller's part p must satisfy p − ⌊p ÷ 10⌋ ≥ 2,500: p = 2,777 is the smallest (2,777 − 277).
    [100_000, 2_500, 10_000, 97_223],
  ])('price %d, seller fee %d, commission %d: at most %d', (price, sellerFee, commission, largest) => {
    expect(largestPartialShare(price, sellerFee, commission)).toBe(largest);
    expect(isValidPartialShare(largest, price, sellerFee, commission)).toBe(true);
    expect(isValidPartialShare(largest + 1, price, sellerFee, commission)).toBe(false);
  });

  it.each([
    [1, true],
    [0, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
  ])('share %d of ₦1,000 is valid: %s', (share, valid) => {
    expect(isValidPartialShare(share, 100_000)).toBe(valid);
  });

  it('names the largest amount when the seller has something to cover', () => {
    expect(partialShareRangeText(100_000, 0, 'NGN')).toBe(DISPUTE_TEXT.partialAmountRange);
    expect(partialShareRangeText(100_000, 2_500, 'NGN')).toBe(
      'The buyer’s share must be more than 0 and at most ₦975.00, so the seller’s part covers their ₦25.00 share of the fee',
    );
    expect(partialShareRangeText(60_000, 0, 'NGN', true)).toBe(
      'The buyer’s share must be more than 0 and at most ₦599.99 of the ₦600.00 not yet released',
    );
  });
});

describe('dispute and inspection timers', () => {
  const shippedAt = new Date('2026-03-01T10:00:00Z');
  const DAY = 86_400_000;

  it.each([
    ['no estimated date: the inspection period alone', null, 3, '2026-03-04T10:00:00.000Z'],
    // Lagos midnight of 5 March is 23:00 UTC on 4 March: 3 days 13 hours away, counted as 4 days.
    ['a calendar day (Lagos midnight), whole days rounded up', '2026-03-05', 3, '2026-03-08T10:00:00.000Z'],
    ['a date-time exactly one day later', '2026-03-02T10:00:00Z', 3, '2026-03-05T10:00:00.000Z'],
    ['a date already past counts as 0 days', '2026-02-01', 3, '2026-03-04T10:00:00.000Z'],
    ['a date far ahead counts 14 days at most', '2026-06-01', 3, '2026-03-18T10:00:00.000Z'],
    ['an unreadable date counts as 0 days', 'next week', 3, '2026-03-04T10:00:00.000Z'],
    ['a longer inspection period', null, 5, '2026-03-06T10:00:00.000Z'],
  ])('auto-release with %s', (_label, estimated, inspectionDays, expected) => {
    expect(computeAutoReleaseAt(shippedAt, estimated, inspectionDays).toISOString()).toBe(expected);
  });

  it('restarts, extends and floors release dates', () => {
    expect(restartedAutoReleaseAt(shippedAt, 3).toISOString()).toBe('2026-03-04T10:00:00.000Z');
    expect(extendedAutoReleaseAt(shippedAt, 2).toISOString()).toBe('2026-03-03T10:00:00.000Z');
    // A time-based release never comes earlier than 48 hours after shipment.
    expect(earliestTimeRelease(new Date(shippedAt.getTime() + DAY), shippedAt).toISOString()).toBe(
      '2026-03-03T10:00:00.000Z',
    );
    const later = new Date('2026-03-10T00:00:00Z');
    expect(earliestTimeRelease(later, shippedAt)).toEqual(later);
    expect(earliestTimeRelease(new Date(shippedAt.getTime() + DAY), null).toISOString()).toBe(
      '2026-03-02T10:00:00.000Z',
    );
  });

  it('answers within 48 hours, lets a proposal stand 48 hours, and closes a resolved dispute after 7 days', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    expect(disputeSlaDueAt(at).toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(proposalExpiresAt(at).toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(disputeClosesAt(at).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });
});
