import { describe, expect, it } from 'vitest';
import { ninFormSchemaFor } from './identity.ts';

describe('NIN form: date of birth', () => {
  const form = { nin: '12345678901', firstName: 'Ada', lastName: 'Obi' };
  const parse = (now: string, dateOfBirth: string) =>
    ninFormSchemaFor({ now: () => new Date(now) }).safeParse({ ...form, dateOfBirth });

  it.each([
    ['2026-06-15T12:00:00Z', '1990-02-28', true],
    ['2026-06-15T12:00:00Z', '2026-06-15', true],
    // "Today" is the clock's, not the machine's: the day after it is refused.
    ['2026-06-15T12:00:00Z', '2026-06-16', false],
    ['2026-06-16T00:00:00Z', '2026-06-16', true],
    ['2026-06-15T12:00:00Z', '1899-12-31', false],
  ])('at %s, %s → %s', (now, dateOfBirth, accepted) => {
    const result = parse(now, dateOfBirth);
    expect(result.success).toBe(accepted);
    if (!accepted) expect(result.error?.issues[0]?.message).toBe('Enter a real date of birth');
  });
});
