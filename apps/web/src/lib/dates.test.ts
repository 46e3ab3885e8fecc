import { describe, expect, it } from 'vitest';
import { dateValue, formatDisplayDate, parseDisplayDate } from './dates';

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
