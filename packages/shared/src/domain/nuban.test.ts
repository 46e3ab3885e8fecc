import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NIGERIAN_BANKS } from './banks.ts';
import { isValidNuban, nubanCheckDigit, nubanInstitutionCode } from './nuban.ts';

describe('NUBAN check digit', () => {
  it.each([
    // CBN's own examples (3-digit code, First Bank 011):
    // 0*3+1*7+1*3 + 0*3+0*7+0*3+0*3+0*7+1*3+4*3+5*7+7*3 = 81 → 10 - 1 = 9
    ['011', '000001457', 9, '0000014579'],
    // 0*3+1*7+1*3 + ... + 2*7+2*3 = 30 → 10 - 0 = 10 → 0
    ['011', '000000022', 0, '0000000220'],
    // 5-digit code gets the '9' prefix: Kuda 50211 → 950211.
    // 9*3+5*7+0*3+2*3+1*7+1*3 = 78; 1*3+2*7+3*3+4*3+5*7+6*3+7*3+8*7+9*3 = 195; 273 → 10 - 3 = 7
    ['50211', '123456789', 7, '1234567897'],
    // 6-digit code as it is: OPay 999992.
    // 9*3+9*7+9*3+9*3+9*7+2*3 = 213; ...+1*3 = 3; 216 → 10 - 6 = 4
    ['999992', '000000001', 4, '0000000014'],
  ])('bank %s serial %s → check digit %i (%s)', (bank, serial, check, account) => {
    expect(nubanCheckDigit(bank, serial)).toBe(check);
    expect(isValidNuban(bank, account)).toBe(true);
  });

  it('refuses a wrong check digit, wrong lengths and non-digits', () => {
    expect(isValidNuban('011', '0000014578')).toBe(false);
    expect(isValidNuban('50211', '1234567890')).toBe(false);
    expect(isValidNuban('011', '000001457')).toBe(false);
    expect(isValidNuban('011', '00000145790')).toBe(false);
    expect(isValidNuban('011', '00000a4579')).toBe(false);
    expect(isValidNuban('0111', '0000014579')).toBe(false);
    expect(nubanInstitutionCode('12')).toBeNull();
  });

  it('pads 3-digit codes so the 15-digit rule equals the original 12-digit CBN rule', () => {
    const weights12 = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
    fc.assert(
      fc.property(
        fc.constantFrom(...NIGERIAN_BANKS.filter((b) => b.code.length === 3).map((b) => b.code)),
        fc.integer({ min: 0, max: 999_999_999 }),
        (bank, n) => {
          const serial = String(n).padStart(9, '0');
          const digits = `${bank}${serial}`;
          const sum = weights12.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
          expect(nubanCheckDigit(bank, serial)).toBe((10 - (sum % 10)) % 10);
        },
      ),
    );
  });

  it('exactly one of the ten last digits is valid for any bank and serial', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NIGERIAN_BANKS.map((b) => b.code)),
        fc.integer({ min: 0, max: 999_999_999 }),
        (bank, n) => {
          const serial = String(n).padStart(9, '0');
          const valid = Array.from({ length: 10 }, (_, d) => isValidNuban(bank, `${serial}${d}`));
          expect(valid.filter(Boolean)).toHaveLength(1);
        },
      ),
    );
  });

  it('lists banks with unique codes of a NUBAN shape', () => {
    const codes = NIGERIAN_BANKS.map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(nubanInstitutionCode(code)).not.toBeNull();
    expect(codes).toEqual(expect.arrayContaining(['999992', '50515', '50211', '999991', '058', '044']));
  });
});
