import { describe, expect, it } from 'vitest';
import { ageText, slaState } from './sla';

const now = new Date('2026-03-10T12:00:00Z');

describe('ageText', () => {
  it.each([
    ['2026-03-10T11:30:00Z', 'under 1 h'],
    ['2026-03-10T07:00:00Z', '5 h'],
    ['2026-03-08T13:00:00Z', '47 h'],
    ['2026-03-08T12:00:00Z', '2 d'],
    ['2026-03-07T09:00:00Z', '3 d 3 h'],
  ])('%s → %s', (createdAt, text) => expect(ageText(createdAt, now)).toBe(text));
});

describe('slaState', () => {
  it('runs down while unresolved, turns red when the server or the clock says it has passed', () => {
    const due = '2026-03-10T17:00:00Z';
    expect(slaState({ status: 'OPEN', slaDueAt: due, slaBreached: false }, now)).toEqual({
      kind: 'running',
      text: 'SLA due in 5 hours',
    });
    expect(slaState({ status: 'IN_REVIEW', slaDueAt: due, slaBreached: true }, now).kind).toBe('breached');
    expect(slaState({ status: 'OPEN', slaDueAt: '2026-03-10T11:59:00Z', slaBreached: false }, now)).toEqual({
      kind: 'breached',
      text: 'SLA breached',
    });
    expect(
      slaState({ status: 'RESOLVED', slaDueAt: '2026-03-09T00:00:00Z', slaBreached: false }, now).kind,
    ).toBe('done');
  });
});
