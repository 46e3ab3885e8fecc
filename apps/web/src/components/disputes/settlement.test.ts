import { settlementSplit } from '@escrow/shared/domain/disputes';
import { describe, expect, it } from 'vitest';
import { splitText } from './settlement';

describe('splitText', () => {
  it('states every movement of the held money', () => {
    const split = settlementSplit('REFUND_PARTIAL', 10_000_00, 250_00, 4_000_00);
    expect(split && splitText(split, 'NGN')).toBe(
      'Buyer receives ₦4,000.00 · Seller receives ₦6,000.00 · Platform keeps ₦250.00',
    );
  });
});
