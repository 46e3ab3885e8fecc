import { describe, expect, it } from 'vitest';
import { badgeText, isStaff } from './nav-items';

describe('badgeText', () => {
  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%d → %s', (count, expected) => {
    expect(badgeText(count)).toBe(expected);
  });
});

describe('isStaff', () => {
  it('is true only for ADMIN and SUPPORT', () => {
    expect(['USER', 'SUPPORT', 'ADMIN'].map(isStaff)).toEqual([false, true, true]);
  });
});
