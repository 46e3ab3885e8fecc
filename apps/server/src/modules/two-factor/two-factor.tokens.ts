import { createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@escrow/shared/schemas/two-factor';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** SHA-256, hex: recovery codes and challenge tokens are stored only as this (they are random, so no salt). */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Ten one-time recovery codes as shown ('k3m9x-2pq7d', RECOVERY_CODE_PATTERN): 10 characters of 36, about
 * 52 bits each; the code throttle makes guessing one hopeless.
 */
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/** The sign-in challenge: 32 random bytes, base64url; only its hash is stored. */
export const newChallengeToken = () => randomBytes(32).toString('base64url');
