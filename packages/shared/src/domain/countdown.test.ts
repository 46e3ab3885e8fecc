import { describe, expect, it } from 'vitest';
import { autoReleaseLabel, countdownText } from './disputes.ts';

const at = Date.parse('2026-11-24T12:00:00Z');
const later = (ms: number) => new Date(at + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('countdowns', () => {
  it.each([
    [2 * DAY + 3 * HOUR + 10 * MIN, 'in 2 days 3 hours'],
    [DAY, 'in 1 day'],
    [DAY + HOUR, 'in 1 day 1 hour'],
    [5 * HOUR + 59 * MIN, 'in 5 hours'],
    [HOUR, 'in 1 hour'],
    [12 * MIN, 'in 12 minutes'],
    [30_000, 'in 1 minute'],
    [0, 'now'],
    [-DAY, 'now'],
  ])('%d ms ahead reads %s', (ms, text) => {
    expect(countdownText(later(ms), new Date(at))).toBe(text);
  });

  it('labels the automatic release on list cards', () => {
    expect(autoReleaseLabel(later(3 * DAY), new Date(at))).toBe('Releases automatically in 3 days');
    expect(autoReleaseLabel(later(-MIN), new Date(at))).toBe('Releasing automatically now');
  });
});
