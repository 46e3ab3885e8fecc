import { randomBytes } from 'node:crypto';
import { sealedBox, type SealedBox } from '../../lib/sealed-box.ts';

const PREFIX = 'whsec_';

/** A new signing secret as Standard Webhooks writes it: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The key bytes of a secret: the base64 after `whsec_`. */
export function secretKeyBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export type SecretBox = SealedBox;

/**
 * Signing secrets at rest: they must be readable to sign with, so they are encrypted rather than
 * hashed (lib/sealed-box.ts), under a key derived from IDENTITY_ENCRYPTION_KEY for this use only. A copy
 * of the database alone (a backup) then cannot forge a partner's webhooks.
 */
export function secretBox(masterKey: Buffer): SecretBox {
  return sealedBox(masterKey, 'amana webhook secrets v1', 'webhook secret');
}
