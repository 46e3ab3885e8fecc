import { sealedBox, type SealedBox } from '../../lib/sealed-box.ts';

export type SecretBox = SealedBox;

/**
 * TOTP secrets at rest: a code can only be checked with the secret itself, so it is encrypted rather
 * than hashed (lib/sealed-box.ts), under a key derived from IDENTITY_ENCRYPTION_KEY for this use only. A
 * copy of the database alone (a backup) then cannot produce anyone's codes.
 */
export function twoFactorSecretBox(masterKey: Buffer): SecretBox {
  return sealedBox(masterKey, 'amana two-factor secrets v1', 'two-factor secret');
}
