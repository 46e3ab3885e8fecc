import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@escrow/shared/schemas/two-factor';
import { PRODUCT_NAME } from '../../lib/mail-compose.ts';

/** 20 random bytes (160 bits, the size RFC 4226 recommends for SHA-1), as authenticator apps take it. */
const SECRET_BYTES = 20;
/** Codes of the step before and after the current one are accepted too: phones' clocks drift. */
const DRIFT_STEPS = 1;

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
function totpOf(secretBase32: string, label = '') {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new secret (node:crypto's randomBytes inside otpauth), base32: what the user types when they cannot scan. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URL the profile shows as a QR code, labelled with the product and the user's e-mail. */
export function otpauthUrl(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/**
 * The 30-second step (counted from the Unix epoch) a code belongs to, among the current one and its
 * neighbours, or null when it matches none. The caller accepts a step only once (lastUsedStep).
 */
export function stepOfCode(secretBase32: string, code: string, nowMs: number): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: nowMs }) + delta;
}
