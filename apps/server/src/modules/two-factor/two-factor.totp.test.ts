import { describe, expect, it } from 'vitest';
import { twoFactorSecretBox } from './two-factor.secrets.ts';
import { base32Bytes, codeAt, hotp, totp } from './two-factor.test-support.ts';
import { newTotpSecret, otpauthUrl, stepOfCode } from './two-factor.totp.ts';

// RFC 6238 Appendix B and RFC 4226 Appendix D: the ASCII seed "12345678901234567890" (SHA-1).
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_KEY_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe("the tests' own TOTP (independent of the server's library)", () => {
  it('computes the RFC 4226 HOTP test values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('computes the RFC 6238 SHA-1 test value at T=%i', (seconds, code) => {
    expect(totp(RFC_KEY, seconds * 1000, 8)).toBe(code);
  });

  it('reads base32 as authenticator apps do', () => {
    expect(base32Bytes(RFC_KEY_BASE32).equals(RFC_KEY)).toBe(true);
  });
});

describe('the server TOTP (two-factor.totp.ts)', () => {
  const at = 1_700_000_010_000; // inside a 30-second step
  const step = Math.floor(at / 30_000);

  it('accepts the current code and the steps on either side, and says which step it was', () => {
    expect(stepOfCode(RFC_KEY_BASE32, codeAt(RFC_KEY_BASE32, at), at)).toBe(step);
    expect(stepOfCode(RFC_KEY_BASE32, codeAt(RFC_KEY_BASE32, at - 30_000), at)).toBe(step - 1);
    expect(stepOfCode(RFC_KEY_BASE32, codeAt(RFC_KEY_BASE32, at + 30_000), at)).toBe(step + 1);
  });

  it('refuses codes two steps away and codes of another secret', () => {
    expect(stepOfCode(RFC_KEY_BASE32, codeAt(RFC_KEY_BASE32, at - 60_000), at)).toBeNull();
    expect(stepOfCode(RFC_KEY_BASE32, codeAt(RFC_KEY_BASE32, at + 60_000), at)).toBeNull();
    const other = newTotpSecret();
    expect(stepOfCode(RFC_KEY_BASE32, codeAt(other, at), at)).toBeNull();
  });

  it('makes 20-byte random secrets in base32', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newTotpSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(base32Bytes(secret)).toHaveLength(20);
    }
  });

  it('writes the otpauth URL authenticator apps scan: issuer, e-mail, SHA-1, 6 digits, 30 s', () => {
    const url = new URL(otpauthUrl(RFC_KEY_BASE32, 'ada@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Amana Escrow:ada@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Amana Escrow',
      secret: RFC_KEY_BASE32,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('secrets at rest (two-factor.secrets.ts)', () => {
  const key = Buffer.alloc(32, 7);

  it('seals with AES-256-GCM: readable back, never the secret itself, a new IV each time', () => {
    const box = twoFactorSecretBox(key);
    const secret = newTotpSecret();
    const first = box.seal(secret);
    const second = box.seal(secret);
    expect(first).not.toContain(secret);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\./);
    expect(box.open(first)).toBe(secret);
    expect(box.open(second)).toBe(secret);
  });

  it('refuses a sealed value that was altered or sealed under another key', () => {
    const sealed = twoFactorSecretBox(key).seal(newTotpSecret());
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const altered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => twoFactorSecretBox(key).open(altered)).toThrow();
    expect(() => twoFactorSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });
});
