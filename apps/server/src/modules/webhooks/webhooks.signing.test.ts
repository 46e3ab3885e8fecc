import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, secretBox } from './webhooks.secrets.ts';
import { webhookHeaders } from './webhooks.signing.ts';

/** Signatures are checked by the independent `standardwebhooks` package, never by the app's signer. */
const body = JSON.stringify({ type: 'transaction.paid', timestamp: '2026-11-30T10:00:00.000Z', data: {} });
const verify = (secret: string, payload: string, headers: Record<string, string>) =>
  new Webhook(secret).verify(payload, headers);

describe('Standard Webhooks signing', () => {
  it('makes secrets as whsec_ + base64 of 32 random bytes', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it('signs so that the standardwebhooks verifier accepts it', () => {
    const secret = newSigningSecret();
    const headers = webhookHeaders({ id: 'evt-1', now: new Date(), body, secrets: [secret] });
    expect(verify(secret, body, headers)).toEqual(JSON.parse(body));
    expect(headers['webhook-id']).toBe('evt-1');
    expect(headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('matches an HMAC computed here from the specification', () => {
    const secret = newSigningSecret();
    const now = new Date('2026-11-30T10:00:00.000Z');
    const headers = webhookHeaders({ id: 'evt-2', now, body, secrets: [secret] });
    const expected = createHmac('sha256', Buffer.from(secret.replace('whsec_', ''), 'base64'))
      .update(`evt-2.${Math.floor(now.getTime() / 1000)}.${body}`)
      .digest('base64');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('fails verification for a tampered body, another secret, or a timestamp older than 5 minutes', () => {
    const secret = newSigningSecret();
    const headers = webhookHeaders({ id: 'evt-3', now: new Date(), body, secrets: [secret] });
    expect(() => verify(secret, body.replace('paid', 'PAID'), headers)).toThrow();
    expect(() => verify(newSigningSecret(), body, headers)).toThrow();
    const old = webhookHeaders({
      id: 'evt-3',
      now: new Date(Date.now() - 6 * 60_000),
      body,
      secrets: [secret],
    });
    expect(() => verify(secret, body, old)).toThrow(/timestamp/i);
    // A forged timestamp under an old signature fails too: the timestamp is signed.
    expect(() =>
      verify(secret, body, { ...old, 'webhook-timestamp': headers['webhook-timestamp']! }),
    ).toThrow();
  });

  it('during a rotation carries two signatures, each verifying with its own secret', () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const headers = webhookHeaders({ id: 'evt-4', now: new Date(), body, secrets: [current, previous] });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(current, body, headers)).toBeTruthy();
    expect(verify(previous, body, headers)).toBeTruthy();
  });
});

describe('secrets at rest', () => {
  it('are sealed, opened again with the same key, and refused under another', () => {
    const key = Buffer.alloc(32, 7);
    const secret = newSigningSecret();
    const sealed = secretBox(key).seal(secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(sealed).not.toBe(secretBox(key).seal(secret));
    expect(secretBox(key).open(sealed)).toBe(secret);
    expect(() => secretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });
});
