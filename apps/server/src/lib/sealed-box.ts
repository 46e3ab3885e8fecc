import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts a short secret for storage and reads it back. */
export type SealedBox = { seal: (plain: string) => string; open: (sealed: string) => string };

const boxes = new WeakMap<Buffer, Map<string, SealedBox>>();

/**
 * Secrets the server must read back (identity numbers, TOTP secrets, webhook signing secrets) are
 * encrypted rather than hashed: AES-256-GCM with a random 12-byte IV each, stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, under a key derived (HKDF-SHA256) from the master key for one
 * use only (`info`), so no two uses share a key. A copy of the database alone (a backup) cannot read them.
 * `what` names the secret in the error a damaged value throws. One box per master key and use.
 */
export function sealedBox(masterKey: Buffer, info: string, what: string): SealedBox {
  let ofKey = boxes.get(masterKey);
  if (!ofKey) boxes.set(masterKey, (ofKey = new Map()));
  const known = ofKey.get(info);
  if (known) return known;
  const key = derivedKey(masterKey, info);
  const box: SealedBox = {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error(`unreadable ${what}`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
  ofKey.set(info, box);
  return box;
}

/** A 32-byte key for one use (`info`), derived from the master key with HKDF-SHA256. */
export function derivedKey(masterKey: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
}
