import { settlementSplit } from '@escrow/shared/domain/disputes';
import { describe, expect, it } from 'vitest';
import { parseAmountMinor, splitText } from './settlement';

describe('splitText', () => {
  it('states every movement of the held money', () => {
    const split = settlementSplit('REFUND_PARTIAL', 10_000_00, 250_00, 4_000_00);
    expect(split && splitText(split, 'NGN')).toBe(
      'Buyer receives ₦4,000.00 · Seller receives ₦6,000.00 · Platform keeps ₦250.00',
    );
  });
});

describe('parseAmountMinor', () => {
  it.each([
    ['1,500.5', 150_050],
    [' 20 ', 2_000],
    ['0', null],
    ['-5', null],
    ['1.234', null],
    ['abc', null],
  ])('%s → %s', (text, minor) => expect(parseAmountMinor(text)).toBe(minor));
});
