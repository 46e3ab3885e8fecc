import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * How identity numbers are protected at rest (docs/identity.md): AES-256-GCM with a random 12-byte IV
 * per value (stored as `v1.<iv>.<tag>.<ciphertext>` in base64url), and a keyed HMAC-SHA256 for
 * uniqueness, so equal numbers can be found without being readable. Both keys are derived (HKDF) from
 * the one IDENTITY_ENCRYPTION_KEY, so the hash key is never the encryption key.
 */
export type IdentityCrypto = {
  encrypt: (plain: string) => string;
  decrypt: (sealed: string) => string;
  /** Keyed hash of a number, scoped by kind so a NIN and a BVN with equal digits never collide. */
  hmac: (kind: string, value: string) => string;
};

export function createIdentityCrypto(masterKey: Buffer): IdentityCrypto {
  if (masterKey.length !== 32) throw new Error('the identity key must be 32 bytes');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
  const encKey = derive('amana identity encryption v1');
  const macKey = derive('amana identity hmac v1');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable identity value');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    hmac(kind, value) {
      return createHmac('sha256', macKey).update(`${kind}:${value}`).digest('base64url');
    },
  };
}
