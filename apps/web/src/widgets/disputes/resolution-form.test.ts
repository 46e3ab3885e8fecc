import { describe, expect, it } from 'vitest';
import { resolutionFormSchema, validShareMinor, type ShareBounds } from './resolution-form';

/** docs/money.md "Broker commission": ₦10,001.00, seller's fee share ₦250.03, commission ₦1,000.00. */
const brokered: ShareBounds = {
  priceMinor: 10_001_00,
  sellerFeeMinor: 250_03,
  currency: 'NGN',
  commissionMinor: 1_000_00,
};

describe('the buyer’s share of a partial refund on a brokered trade', () => {
  it('allows at most ₦9,723.20, so the seller’s part covers their fee share and the broker’s part', () => {
    expect(validShareMinor('9,723.20', brokered)).toBe(9_723_20);
    expect(validShareMinor('9723.21', brokered)).toBeNull();
    // Without the commission the bound would be the price less the seller's fee share.
    expect(validShareMinor('9723.21', { ...brokered, commissionMinor: 0 })).toBe(9_723_21);
  });

  it('names the largest share and the broker’s part in its message', () => {
    const parsed = resolutionFormSchema(brokered).safeParse({
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_PARTIAL',
      share: '9800',
      reason: 'Damaged',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(
      'The buyer’s share must be more than 0 and at most ₦9,723.20, so the seller’s part covers their ₦250.03 share of the fee and the broker’s ₦27.77 share of the commission',
    );
  });
});
