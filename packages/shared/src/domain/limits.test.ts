import { describe, expect, it } from 'vitest';
import { lagosDayStart, WALLET_LIMITS, WITHDRAWAL_FEE_MINOR } from './limits.ts';

describe('wallet limits', () => {
  it('matches the limits table of docs/product.md, in kobo', () => {
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

  it('agrees with the Africa/Lagos calendar at every half hour of 1965-1966 and 2024-2027', () => {
    const lagosDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', dateStyle: 'short' });
    const ranges = [
      [Date.UTC(1965, 0, 1), Date.UTC(1967, 0, 1)],
      [Date.UTC(2024, 0, 1), Date.UTC(2028, 0, 1)],
    ] as const;
    for (const [from, to] of ranges)
      for (let at = from; at < to; at += 1_800_000) {
        const expected = new Date(`${lagosDate.format(new Date(at))}T00:00:00+01:00`).toISOString();
        if (lagosDayStart(new Date(at)).toISOString() !== expected)
          expect(lagosDayStart(new Date(at)).toISOString()).toBe(expected);
      }
  });
});
