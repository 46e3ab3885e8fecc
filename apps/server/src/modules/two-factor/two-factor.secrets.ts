import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type SecretBox = { seal: (secret: string) => string; open: (sealed: string) => string };

const boxes = new WeakMap<Buffer, SecretBox>();

/**
 * TOTP secrets at rest: a code can only be checked with the secret itself, so it is encrypted rather
 * than hashed, with AES-256-GCM (a random 12-byte IV each, stored as `v1.<iv>.<tag>.<ciphertext>` in
 * base64url) under a key derived (HKDF) from IDENTITY_ENCRYPTION_KEY for this use only. A copy of the
 * database alone (a backup) then cannot produce anyone's codes.
 */
export function twoFactorSecretBox(masterKey: Buffer): SecretBox {
  const known = boxes.get(masterKey);
  if (known) return known;
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'amana two-factor secrets v1', 32));
  const box: SecretBox = {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('unreadable two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
  boxes.set(masterKey, box);
  return box;
}
