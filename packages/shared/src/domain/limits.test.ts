import { describe, expect, it } from 'vitest';
import { lagosDayStart, WALLET_LIMITS, WITHDRAWAL_FEE_MINOR } from './limits.ts';

describe('wallet limits', () => {
  it('matches the DESIGN.md table in kobo', () => {
    expect(WALLET_LIMITS).toEqual({
      BASIC: { dailyWithdrawalMinor: 5_000_000, maxBalanceMinor: 30_000_000 },
      ENHANCED: { dailyWithdrawalMinor: 20_000_000, maxBalanceMinor: 50_000_000 },
      PREMIUM: { dailyWithdrawalMinor: 500_000_000, maxBalanceMinor: null },
    });
    expect(WITHDRAWAL_FEE_MINOR).toBe(5_000);
  });

  it.each([
    // 23:30 UTC is already 00:30 the next day in Lagos (UTC+1).
    ['2025-03-10T23:30:00Z', '2025-03-10T23:00:00.000Z'],
    ['2025-03-10T22:59:59Z', '2025-03-09T23:00:00.000Z'],
    ['2025-03-11T12:00:00Z', '2025-03-10T23:00:00.000Z'],
    ['2025-01-01T00:00:00Z', '2024-12-31T23:00:00.000Z'],
    ['2024-07-01T23:00:00Z', '2024-07-01T23:00:00.000Z'],
  ])('the Lagos day of %s starts at %s', (now, start) => {
    expect(lagosDayStart(new Date(now)).toISOString()).toBe(start);
  });
});
