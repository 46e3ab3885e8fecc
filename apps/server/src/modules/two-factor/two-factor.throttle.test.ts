import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { codeAt, enrol, signedUp, testClock, type TestClock } from './two-factor.test-support.ts';

/** Wrong codes are throttled per account (from every address) and per address, like sign-in failures. */
let app: App;
// Addresses of this file only: test files share a database (PGlite per worker, PostgreSQL per run),
// and with it the sign-in failures other files counted against their addresses.
const net = `10.${randomInt(1, 255)}`;
let clock: TestClock;
beforeAll(async () => {
  app = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '6',
    LOGIN_MAX_FAILURES_PER_IP: '8',
    LOGIN_THROTTLE_WINDOW_SECONDS: '900',
  });
  clock = testClock(app);
});
afterAll(async () => {
  await app.close();
});

/** Password then code, from one address. */
async function challenge(account: { email: string; password: string }, remoteAddress: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.challenge as string;
}
const verify = (challengeToken: string, code: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/2fa/verify',
    payload: { challenge: challengeToken, code },
    remoteAddress,
  });

describe('the code throttle', () => {
  it('refuses an account with 429 once its wrong codes reach the limit, from any address, until the window ends', async () => {
    const account = await signedUp(app, `${net}.8.1`);
    const { secret } = await enrol(app, account, clock, `${net}.9.1`);
    const first = await challenge(account, `${net}.0.1`);
    for (let i = 0; i < 5; i += 1) expect((await verify(first, '000000', `${net}.0.1`)).statusCode).toBe(400);
    // A new challenge from another address: the account's count carries over.
    const second = await challenge(account, `${net}.0.2`);
    expect((await verify(second, '000000', `${net}.0.2`)).statusCode).toBe(400);
    const blocked = await verify(second, codeAt(secret, clock.now()), `${net}.0.3`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Withdrawals and settings check codes against the same count.
    const renew = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/recovery-codes',
      headers: account.headers,
      payload: { code: codeAt(secret, clock.now()) },
    });
    expect(renew.statusCode).toBe(429);
    const withdraw = await app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { ...account.headers, 'x-two-factor-code': codeAt(secret, clock.now()) },
      payload: { amount: 100, bankAccountId: '00000000-0000-0000-0000-000000000000' },
    });
    expect(withdraw.statusCode).toBe(429);

    clock.advance(900_000);
    const later = await challenge(account, `${net}.0.3`);
    expect((await verify(later, codeAt(secret, clock.now()), `${net}.0.3`)).statusCode).toBe(200);
    clock.nextStep();
  });

  it('refuses an address with 429 once its wrong codes across accounts reach the limit', async () => {
    const address = `${net}.1.1`;
    const accounts = [];
    for (let i = 0; i < 3; i += 1) {
      const account = await signedUp(app, `${net}.8.1`);
      accounts.push({ account, ...(await enrol(app, account, clock, `${net}.9.2`)) });
    }
    for (const { account } of accounts.slice(0, 2)) {
      const token = await challenge(account, address);
      for (let i = 0; i < 4; i += 1) expect((await verify(token, '000000', address)).statusCode).toBe(400);
    }
    const last = accounts[2]!;
    const token = await challenge(last.account, address);
    expect((await verify(token, codeAt(last.secret, clock.now()), address)).statusCode).toBe(429);
    // The owner elsewhere is not held up by that address.
    expect((await verify(token, codeAt(last.secret, clock.now()), `${net}.1.2`)).statusCode).toBe(200);
    clock.nextStep();
  });

  it('counts wrong codes while turning it on', async () => {
    const account = await signedUp(app, `${net}.8.1`);
    await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: account.headers });
    const statuses = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/2fa/enable',
        headers: account.headers,
        payload: { code: '000000' },
        remoteAddress: `${net}.2.1`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });
});
