import { describe, expect, it } from 'vitest';
import { needlesOf, redactJson, redactText } from './personal-data.ts';

describe('redacting a closed account from text', () => {
  const needles = needlesOf(['Ada Obi', 'ada.obi+shop@example.com', '08031234567', '', '  ', 'Al', null]);

  it('replaces names and e-mails in any letter case, and nothing else', () => {
    expect(redactText('ADA OBI paid; write to Ada.Obi+Shop@Example.com. Adamu stays.', needles)).toBe(
      'Closed account paid; write to Closed account. Adamu stays.',
    );
  });

  it('finds a phone however it is spaced, and in its international form', () => {
    for (const phone of [
      '08031234567',
      '0803 123 4567',
      '0803-123-4567',
      '+234 803 123 4567',
      '2348031234567',
    ])
      expect(redactText(`call ${phone} now`, needles)).toBe('call Closed account now');
    expect(redactText('order 0803123', needles)).toBe('order 0803123');
  });

  it('treats pattern characters in a value as text', () => {
    const odd = needlesOf(['Jo (Mr.) O*Neil']);
    expect(redactText('by Jo (Mr.) O*Neil and Jo Mr O Neil', odd)).toBe('by Closed account and Jo Mr O Neil');
  });

  it('redacts every string of a JSON value, never its keys', () => {
    expect(
      redactJson({ counterpartyName: 'Ada Obi', list: ['x', 'ada obi'], n: 1, Ada: null }, needles),
    ).toEqual({
      counterpartyName: 'Closed account',
      list: ['x', 'Closed account'],
      n: 1,
      Ada: null,
    });
  });

  it('with nothing to look for, changes nothing', () => {
    expect(redactText('Ada Obi', needlesOf([]))).toBe('Ada Obi');
  });
});
