import { describe, expect, it } from 'vitest';
import { dateValue, formatDisplayDate, lagosDay, lagosMoment, parseDisplayDate } from './dates';

describe('dd/mm/yyyy dates (en-NG)', () => {
  it.each([
    ['05/03/2027', '2027-03-05'],
    ['5/3/2027', '2027-03-05'],
    ['29.02.2028', '2028-02-29'],
    ['29/02/2027', null],
    ['03/13/2027', null],
    ['2027-03-05', null],
    ['', null],
  ])('%j → %s', (text, iso) => expect(parseDisplayDate(text)).toBe(iso));

  it('reads a field to ISO and keeps what is not a date for the schema to refuse', () => {
    expect(dateValue('31/12/2027')).toBe('2027-12-31');
    expect(dateValue('12/31/2027')).toBe('12/31/2027');
    expect(formatDisplayDate('2027-12-31')).toBe('31/12/2027');
  });
});

describe('Lagos days', () => {
  it.each([
    ['2026-03-05', undefined, '2026-03-04T23:00:00.000Z'],
    ['2026-03-05', '09:15', '2026-03-05T08:15:00.000Z'],
    ['2026-03-05', '23:59:59.999', '2026-03-05T22:59:59.999Z'],
    ['2027-01-01', '00:30', '2026-12-31T23:30:00.000Z'],
  ])('%s %s → %s', (day, time, instant) => {
    expect(lagosMoment(day, time).toISOString()).toBe(instant);
  });

  it.each([
    ['2026-11-21T22:59:59.999Z', '2026-11-21'],
    ['2026-11-21T23:00:00.000Z', '2026-11-22'],
    ['2026-12-31T23:30:00.000Z', '2027-01-01'],
  ])('%s falls on %s in Lagos', (instant, day) => {
    expect(lagosDay(instant)).toBe(day);
    expect(lagosDay(Date.parse(instant))).toBe(day);
  });
});
