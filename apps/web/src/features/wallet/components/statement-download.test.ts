import { describe, expect, it } from 'vitest';
import { recentMonths } from './statement-download';

describe('recentMonths (Lagos months, whatever the device’s zone)', () => {
  it.each([
    // 00:30 on 1 December in Lagos is still November in UTC and New York.
    ['2026-11-30T23:30:00Z', '2026-12', 'December 2026', '2026-01'],
    ['2026-11-30T22:30:00Z', '2026-11', 'November 2026', '2025-12'],
    ['2026-12-31T23:30:00Z', '2027-01', 'January 2027', '2026-02'],
  ])('at %s the newest is %s (%s), the oldest %s', (now, newest, label, oldest) => {
    const months = recentMonths(new Date(now));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: newest, label });
    expect(months[11]!.value).toBe(oldest);
  });
});
