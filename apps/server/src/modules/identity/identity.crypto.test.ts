import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createIdentityCrypto } from './identity.crypto.ts';

describe('identity crypto', () => {
  const crypto = createIdentityCrypto(randomBytes(32));

  it('round-trips, with a fresh IV each time, and never contains the number', () => {
    const a = crypto.encrypt('12345678901');
    const b = crypto.encrypt('12345678901');
    expect(a).not.toBe(b);
    expect(a).not.toContain('12345678901');
    expect(crypto.decrypt(a)).toBe('12345678901');
  });

  it('refuses a tampered value or another key', () => {
    const sealed = crypto.encrypt('12345678901');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => crypto.decrypt(parts.join('.'))).toThrow();
    expect(() => createIdentityCrypto(randomBytes(32)).decrypt(sealed)).toThrow();
  });

  it('hashes with the key and the kind: stable, different per kind and per key', () => {
    expect(crypto.hmac('NIN', '12345678901')).toBe(crypto.hmac('NIN', '12345678901'));
    expect(crypto.hmac('NIN', '12345678901')).not.toBe(crypto.hmac('BVN', '12345678901'));
    expect(createIdentityCrypto(randomBytes(32)).hmac('NIN', '12345678901')).not.toBe(
      crypto.hmac('NIN', '12345678901'),
    );
  });
});
