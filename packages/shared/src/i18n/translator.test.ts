import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';

const PLURAL = '{count, plural, one {# day left} other {# days left}}';
const SELECT = '{role, select, BUYER {You are buying} other {You are selling}}';
const STATUS = '{status, select, ACTIVE {active} other {pending}}';
const REFUSAL = 'Payment is not possible while the transaction is {status}';
const known = new Set(['Deposit successful', 'Pay {amount} now', PLURAL, SELECT, STATUS, REFUSAL]);
const translate = createTranslator(
  {
    yo: { 'Deposit successful': 'A ti fi owó sí i', 'Pay {amount} now': 'San {amount} báyìí' },
    ha: { [PLURAL]: '{count, plural, one {Saura rana #} other {Saura kwanaki #}}' },
    ig: {
      [SELECT]: '{role, select, BUYER {Ị na-azụ} other {Ị na-ere}}',
      [STATUS]: '{status, select, ACTIVE {na-arụ ọrụ} other {na-eche}}',
      [REFUSAL]: 'Ịkwụ ụgwọ agaghị ekwe omume mgbe azụmahịa {status}',
    },
  },
  known,
);

describe('createTranslator', () => {
  it.each([
    ['yo', 'Deposit successful', undefined, 'A ti fi owó sí i'],
    ['yo', 'Pay {amount} now', { amount: '₦1,234.50' }, 'San ₦1,234.50 báyìí'],
    ['en', 'Pay {amount} now', { amount: '₦5.00' }, 'Pay ₦5.00 now'],
    ['ha', PLURAL, { count: 1 }, 'Saura rana 1'],
    ['ha', PLURAL, { count: 3 }, 'Saura kwanaki 3'],
    ['en', PLURAL, { count: 1 }, '1 day left'],
    ['en', PLURAL, { count: 2 }, '2 days left'],
    ['ig', SELECT, { role: 'BUYER' }, 'Ị na-azụ'],
    ['ig', SELECT, { role: 'SELLER' }, 'Ị na-ere'],
    // Not in a catalogue: English.
    ['pcm', 'Deposit successful', undefined, 'Deposit successful'],
  ] as const)('%s: %s', (language, id, params, expected) => {
    expect(translate(language, id, params)).toBe(expected);
  });

  it('writes a nested message in the language of the sentence around it', () => {
    const params = { status: { message: STATUS, params: { status: 'ACTIVE' } } };
    expect(translate('ig', REFUSAL, params)).toBe('Ịkwụ ụgwọ agaghị ekwe omume mgbe azụmahịa na-arụ ọrụ');
    expect(translate('en', REFUSAL, params)).toBe('Payment is not possible while the transaction is active');
  });

  it('passes any text that is not a known message through untouched, even one that is not ICU', () => {
    for (const text of ['Unexpected token } in JSON', "It's {broken", 'Pay {amount} now!'])
      expect(translate('yo', text, { amount: 'x' })).toBe(text);
  });
});
