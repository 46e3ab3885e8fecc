import { describe, expect, it } from 'vitest';
import type { DisputeResolution } from '@escrow/shared/schemas/disputes';
import { buyer, makeBrokeredDispute, makeDispute } from '../../../testing/dispute-fixtures';
import { proposalMovements } from './proposal-money';

const proposal = (resolution: DisputeResolution['resolution'], amount: number | null): DisputeResolution => ({
  id: 'r1',
  resolutionType: 'MEDIATION',
  resolution,
  amount,
  reason: 'Fair',
  status: 'PENDING',
  closedReason: null,
  rejectionReason: null,
  proposedBy: { ...buyer, role: 'RAISER' },
  expiresAt: null,
  decidedAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
});

/** ₦10,000 with a ₦250 fee, paid as `feePayer` says (the buyer paid `total` into escrow). */
const disputeOn = (feePayer: 'BUYER' | 'SELLER' | 'SPLIT', total: number) => {
  const base = makeDispute();
  return makeDispute({ transaction: { ...base.transaction, feePayer, total } });
};

describe('what accepting a proposal moves, by who pays the fee', () => {
  it.each([
    ['BUYER', 10_250, 'Buyer receives ₦10,250.00 · Seller receives ₦0.00 · Platform keeps ₦0.00'],
    ['SELLER', 10_000, 'Buyer receives ₦10,000.00 · Seller receives ₦0.00 · Platform keeps ₦0.00'],
    ['SPLIT', 10_125, 'Buyer receives ₦10,125.00 · Seller receives ₦0.00 · Platform keeps ₦0.00'],
  ] as const)('a full refund with %s paying returns everything the buyer paid', (payer, total, text) => {
    expect(proposalMovements(disputeOn(payer, total), proposal('REFUND_FULL', null))).toBe(text);
  });

  it.each([
    ['BUYER', 10_250, 'Buyer receives ₦4,000.00 · Seller receives ₦6,000.00 · Platform keeps ₦250.00'],
    ['SELLER', 10_000, 'Buyer receives ₦4,000.00 · Seller receives ₦5,750.00 · Platform keeps ₦250.00'],
    ['SPLIT', 10_125, 'Buyer receives ₦4,000.00 · Seller receives ₦5,875.00 · Platform keeps ₦250.00'],
  ] as const)(
    'a partial refund with %s paying takes the seller’s fee share from the seller',
    (payer, total, text) => {
      expect(proposalMovements(disputeOn(payer, total), proposal('REFUND_PARTIAL', 4_000))).toBe(text);
    },
  );
});

/**
 * ₦10,001.00 split 50/50 in milestones of ₦3,000.00, ₦3,000.50 and ₦4,000.50, the first two released:
 * the dispute acts on the last one, ₦4,000.50 with its ₦100.02 of the fee (₦50.02 the seller's part,
 * ₦50.00 the buyer's), as the server computes it (domain/milestones.ts unreleasedRemainder).
 */
const onRemainder = (anyReleased: boolean) => {
  const base = makeDispute();
  return makeDispute({
    transaction: {
      ...base.transaction,
      price: 10_001,
      fee: 250.03,
      total: 10_126.02,
      feePayer: 'SPLIT',
      held: {
        price: 4_000.5,
        fee: 100.02,
        sellerFee: 50.02,
        buyerFee: 50,
        anyReleased,
        milestoneTrade: true,
      },
    },
  });
};

describe('on a milestone trade, what accepting a proposal moves is of the unreleased remainder', () => {
  it.each([
    ['REFUND_FULL', null, 'Buyer receives ₦4,000.50 · Seller receives ₦0.00 · Platform keeps ₦50.00'],
    [
      'REFUND_PARTIAL',
      2_000,
      'Buyer receives ₦2,000.00 · Seller receives ₦1,950.48 · Platform keeps ₦100.02',
    ],
    ['RELEASE_PAYMENT', null, 'Buyer receives ₦0.00 · Seller receives ₦3,950.48 · Platform keeps ₦100.02'],
  ] as const)('%s after a release', (action, amount, text) => {
    expect(proposalMovements(onRemainder(true), proposal(action, amount))).toBe(text);
  });

  it('a full refund before any release returns what the buyer paid for the part held, fee included', () => {
    expect(proposalMovements(onRemainder(false), proposal('REFUND_FULL', null))).toBe(
      'Buyer receives ₦4,050.50 · Seller receives ₦0.00 · Platform keeps ₦0.00',
    );
  });
});

describe('what accepting a proposal moves on a brokered trade', () => {
  it.each([
    [
      'REFUND_PARTIAL',
      4_000.5,
      'Buyer receives ₦4,000.50 · Seller receives ₦5,150.48 · Broker receives ₦599.99 · Platform keeps ₦250.03',
    ],
    [
      'RELEASE_PAYMENT',
      null,
      'Buyer receives ₦0.00 · Seller receives ₦8,750.97 · Broker receives ₦1,000.00 · Platform keeps ₦250.03',
    ],
    [
      'REFUND_FULL',
      null,
      'Buyer receives ₦10,001.00 · Seller receives ₦0.00 · Broker receives ₦0.00 · Platform keeps ₦0.00',
    ],
  ] as const)('%s names the broker’s part', (action, amount, text) => {
    expect(proposalMovements(makeBrokeredDispute(), proposal(action, amount))).toBe(text);
  });
});
