import { describe, expect, it } from 'vitest';
import { nubanCheckDigit } from '../domain/nuban.ts';
import { addBankAccountBodySchema, depositBodySchema, WALLET_TEXT, withdrawBodySchema } from './wallet.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('wallet schemas', () => {
  it.each([0, -1, 0.001, 12.345, 1e20, Number.NaN, '10', null, undefined])(
    'refuses amount %s with the spec text',
    (amount) => {
      const result = depositBodySchema.safeParse({ amount });
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(WALLET_TEXT.invalidAmount);
    },
  );

  it.each([0.01, 1, 1500.5, 1_000_000_000_000])('accepts amount %s', (amount) => {
    expect(depositBodySchema.safeParse({ amount }).success).toBe(true);
  });

  it('needs a bank account for a withdrawal', () => {
    expect(firstMessage(withdrawBodySchema.safeParse({ amount: 10 }))).toBe(WALLET_TEXT.bankAccountRequired);
    expect(withdrawBodySchema.safeParse({ amount: 10, bankAccountId: 'abc' }).success).toBe(true);
  });

  it('checks the bank, the 10 digits and the NUBAN check digit', () => {
    const serial = '123456789';
    const good = `${serial}${nubanCheckDigit('058', serial)}`;
    const wrong = `${serial}${(nubanCheckDigit('058', serial)! + 1) % 10}`;
    expect(addBankAccountBodySchema.safeParse({ bankCode: '058', accountNumber: good }).success).toBe(true);
    expect(firstMessage(addBankAccountBodySchema.safeParse({ bankCode: '058', accountNumber: wrong }))).toBe(
      WALLET_TEXT.accountNumberCheck,
    );
    expect(firstMessage(addBankAccountBodySchema.safeParse({ bankCode: '058', accountNumber: '123' }))).toBe(
      WALLET_TEXT.accountNumberFormat,
    );
    expect(firstMessage(addBankAccountBodySchema.safeParse({ bankCode: '000', accountNumber: good }))).toBe(
      WALLET_TEXT.bankRequired,
    );
  });
});
