import { settlementSplit } from '@escrow/shared/domain/disputes';
import { describe, expect, it } from 'vitest';
import { makeBrokeredDispute, makeDispute } from '../../testing/dispute-fixtures';
import { heldEscrow, splitText } from './settlement';

describe('splitText', () => {
  it('states every movement of the held money', () => {
    const split = settlementSplit('REFUND_PARTIAL', 10_000_00, 250_00, 4_000_00);
    expect(split && splitText(split, 'NGN')).toBe(
      'Buyer receives ₦4,000.00 · Seller receives ₦6,000.00 · Platform keeps ₦250.00',
    );
  });
});

describe('a brokered trade’s split (docs/money.md "Broker commission")', () => {
  it('names the broker’s part before the platform’s, as the server’s texts do', () => {
    // ₦10,001.00, the seller pays the ₦250.03 fee, commission ₦1,000.00; a partial refund of ₦4,000.50.
    const split = settlementSplit('REFUND_PARTIAL', 10_001_00, 250_03, 4_000_50, 'SELLER', 1_000_00);
    expect(split && splitText(split, 'NGN')).toBe(
      'Buyer receives ₦4,000.50 · Seller receives ₦5,150.48 · Broker receives ₦599.99 · Platform keeps ₦250.03',
    );
  });

  it('carries the held commission into what the dispute acts on', () => {
    const held = heldEscrow(makeBrokeredDispute().transaction);
    expect(held.commissionMinor).toBe(1_000_00);
    expect(heldEscrow(makeDispute().transaction).commissionMinor).toBeUndefined();
  });
});
