import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealedBox } from './sealed-box.ts';

const masterKey = Buffer.from('6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c', 'hex');

describe('sealedBox', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const box = sealedBox(masterKey, 'test use v1', 'test secret');
    const first = box.seal('12345678901');
    const second = box.seal('12345678901');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(box.open(first)).toBe('12345678901');
    expect(box.open(second)).toBe('12345678901');
  });

  it('opens values stored in the v1 format written before this helper existed', () => {
    // The format written independently: AES-256-GCM under HKDF-SHA256(master, no salt, info), base64url parts.
    const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'amana webhook secrets v1', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update('whsec_abc', 'utf8'), cipher.final()]);
    const stored = ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
    expect(sealedBox(masterKey, 'amana webhook secrets v1', 'webhook secret').open(stored)).toBe('whsec_abc');
  });

  it('keeps uses apart: a value sealed for one use does not open under another', () => {
    const sealed = sealedBox(masterKey, 'use a v1', 'a').seal('secret');
    expect(() => sealedBox(masterKey, 'use b v1', 'b').open(sealed)).toThrow();
  });

  it('refuses a damaged or foreign value, naming the secret', () => {
    const box = sealedBox(masterKey, 'test use v1', 'test secret');
    const [version, iv, tag, body] = box.seal('secret').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open('v2.a.b.c')).toThrow('unreadable test secret');
    expect(() => box.open('not sealed')).toThrow('unreadable test secret');
  });
});
