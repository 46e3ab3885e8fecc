import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, signUp } from '../auth/auth.test-support.ts';

/**
 * Helpers of the two-factor tests (imported only by tests). Codes are computed here by a TOTP of the
 * tests' own, written from RFC 6238 and RFC 4226 with node:crypto, never with the library the server uses,
 * so a mistake shared by both cannot pass unnoticed.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (no padding needed) to bytes. */
export function base32Bytes(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP with HMAC-SHA-1 and dynamic truncation. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP: T = floor(unix seconds / 30). */
export function totp(key: Buffer, timeMs: number, digits = 6): string {
  return hotp(key, Math.floor(timeMs / 1000 / 30), digits);
}

/** The code an authenticator app with this base32 secret shows at `timeMs`. */
export const codeAt = (secret: string, timeMs: number) => totp(base32Bytes(secret), timeMs);

/**
 * Freezes the app's clock at the start of the current 30-second step (plus a second) and moves it on
 * demand, so each code a test uses belongs to a step of its choosing.
 */
export function testClock(app: App) {
  let now = Math.floor(Date.now() / 30_000) * 30_000 + 1_000;
  app.deps.clock.now = () => new Date(now);
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    /** The next step: a code not used yet. */
    nextStep() {
      now += 30_000;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export type Account = {
  id: string;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
};

/**
 * A new account signed in with its password (no second factor yet), from `remoteAddress` (a test that
 * lowers the sign-in throttle passes an address of its own: the database is shared with other files).
 */
export async function signedUp(app: App, remoteAddress?: string): Promise<Account> {
  const { email, password, user } = await signUp(app);
  const token = await passwordToken(app, email, password, remoteAddress);
  return { id: user.id, email, password, token, headers: bearer(token) };
}

/** POST /auth/login; the answer's data (a token, or a challenge with two-factor sign-in on). */
export async function passwordStep(app: App, email: string, password: string, remoteAddress?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
}

async function passwordToken(app: App, email: string, password: string, remoteAddress?: string) {
  const data = await passwordStep(app, email, password, remoteAddress);
  if (typeof data.token !== 'string') throw new Error('expected a token, got a challenge');
  return data.token;
}

export const verify = (app: App, challenge: string, code: string) =>
  app.inject({ method: 'POST', url: '/api/auth/2fa/verify', payload: { challenge, code } });

/**
 * Setup and enable with a code of the current step; answers the secret and the recovery codes.
 * `remoteAddress`: for a test whose code throttle is tight, an address no other file's wrong codes
 * counted against (on PostgreSQL the test files share one database).
 */
export async function enrol(
  app: App,
  account: Pick<Account, 'headers'>,
  clock: TestClock,
  remoteAddress?: string,
) {
  const setup = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: account.headers });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().data.secret as string;
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: account.headers,
    payload: { code: codeAt(secret, clock.now()) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  clock.nextStep();
  return { secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

/** Password, then a code of a fresh step: a session that used the second factor. */
export async function signInWithCode(app: App, account: Account, secret: string, clock: TestClock) {
  const { challenge } = await passwordStep(app, account.email, account.password);
  const res = await verify(app, challenge as string, codeAt(secret, clock.now()));
  expect(res.statusCode, res.body).toBe(200);
  clock.nextStep();
  const token = res.json().data.token as string;
  return { ...account, token, headers: bearer(token) };
}
