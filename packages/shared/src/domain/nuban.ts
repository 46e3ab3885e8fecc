/**
 * NUBAN (Nigeria Uniform Bank Account Number) check digit, per the CBN's revised standard (2020):
 * the 10-digit account number is a 9-digit serial plus a check digit computed over the 6-digit
 * institution code followed by the serial, with the weights 3,7,3 repeated. Deposit money banks'
 * 3-digit codes are padded to 6 digits with "000" (so the original 2010 rule over 12 digits is
 * unchanged); other financial institutions (microfinance banks, fintechs) use their 5-digit code
 * prefixed with "9", and 6-digit codes are used as they are.
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** The 6-digit institution code used in the check digit, or null for a code of another shape. */
export function nubanInstitutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`;
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`;
  if (/^\d{6}$/.test(bankCode)) return bankCode;
  return null;
}

/** The check digit for a 9-digit serial at a bank, or null when the inputs are not digits of the right length. */
export function nubanCheckDigit(bankCode: string, serial: string): number | null {
  const institution = nubanInstitutionCode(bankCode);
  if (!institution || !/^\d{9}$/.test(serial)) return null;
  const digits = `${institution}${serial}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i += 1) sum += Number(digits[i]) * WEIGHTS[i]!;
  const check = 10 - (sum % 10);
  return check === 10 ? 0 : check;
}

/** True when `accountNumber` is a 10-digit NUBAN whose check digit is right for `bankCode`. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  const check = nubanCheckDigit(bankCode, accountNumber.slice(0, 9));
  return check !== null && check === Number(accountNumber[9]);
}
