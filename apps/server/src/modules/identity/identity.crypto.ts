import { createHmac } from 'node:crypto';
import { derivedKey, sealedBox } from '../../lib/sealed-box.ts';

/**
 * How identity numbers are protected at rest (docs/identity.md): AES-256-GCM with a random 12-byte IV
 * per value (lib/sealed-box.ts), and a keyed HMAC-SHA256 for uniqueness, so equal numbers can be found
 * without being readable. Both keys are derived (HKDF) from the one IDENTITY_ENCRYPTION_KEY, so the hash
 * key is never the encryption key.
 */
export type IdentityCrypto = {
  encrypt: (plain: string) => string;
  decrypt: (sealed: string) => string;
  /** Keyed hash of a number, scoped by kind so a NIN and a BVN with equal digits never collide. */
  hmac: (kind: string, value: string) => string;
};

export function createIdentityCrypto(masterKey: Buffer): IdentityCrypto {
  if (masterKey.length !== 32) throw new Error('the identity key must be 32 bytes');
  const box = sealedBox(masterKey, 'amana identity encryption v1', 'identity value');
  const macKey = derivedKey(masterKey, 'amana identity hmac v1');
  return {
    encrypt: box.seal,
    decrypt: box.open,
    hmac(kind, value) {
      return createHmac('sha256', macKey).update(`${kind}:${value}`).digest('base64url');
    },
  };
}
