import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { loginThrottles } from '../../db/schema/users.ts';
import { bearer, logIn, signUp } from './auth.test-support.ts';

const WINDOW_SECONDS = 900;
let app: App;
beforeAll(async () => {
  app = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_IP: '6',
    LOGIN_THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
});
afterAll(async () => {
  await app.close();
});

// Every test signs in from its own address: the per-IP counter must not leak between tests (or runs).
let ipCounter = 0;
const freshIp = () => `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const attempt = (email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

const RATE_LIMITED = {
  success: false,
  code: 'RATE_LIMITED',
  error: 'Too many failed sign-in attempts. Please try again later.',
};

function expectBlocked(res: Awaited<ReturnType<typeof attempt>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(RATE_LIMITED);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

describe('login throttling', () => {
  it('blocks an account after its failures, before the password is checked', async () => {
    const { email, password } = await signUp(app);
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(email, 'wrong-pass', freshIp())).statusCode).toBe(401);
    expectBlocked(await attempt(email, 'wrong-pass', freshIp()));
    // The right password from yet another address is still refused while the block lasts.
    expectBlocked(await attempt(email.toUpperCase(), password, freshIp()));
  });

  it('answers an unknown account exactly like a real one', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 3; i += 1) expect((await attempt(ghost, 'whatever', freshIp())).statusCode).toBe(401);
    expectBlocked(await attempt(ghost, 'whatever', freshIp()));
  });

  it('blocks one address across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) {
      expect((await attempt(uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(401);
    }
    const { email, password } = await signUp(app);
    expectBlocked(await attempt(email, password, ip));
    // Another address signs in to that account normally.
    expect((await attempt(email, password, freshIp())).statusCode).toBe(200);
  });

  it('resets the account counter after a successful sign-in', async () => {
    const { email, password } = await signUp(app);
    for (let i = 0; i < 2; i += 1) await attempt(email, 'wrong-pass', freshIp());
    expect((await attempt(email, password, freshIp())).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(email, 'wrong-pass', freshIp())).statusCode).toBe(401);
    expectBlocked(await attempt(email, password, freshIp()));
  });

  it('lets the account in again once the window has passed', async () => {
    const { email, password } = await signUp(app);
    for (let i = 0; i < 3; i += 1) await attempt(email, 'wrong-pass', freshIp());
    expectBlocked(await attempt(email, password, freshIp()));
    await app.deps.db
      .update(loginThrottles)
      .set({ windowStartedAt: sql`now() - interval '${sql.raw(String(WINDOW_SECONDS + 1))} seconds'` })
      .where(eq(loginThrottles.key, `account:${email}`));
    expect((await attempt(email, password, freshIp())).statusCode).toBe(200);
  });

  it('counts every one of many concurrent failures (atomic upsert)', async () => {
    const ghost = uniqueEmail('burst');
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(ghost, 'guess', freshIp())));
    const failures = results.filter((r) => r.statusCode === 401).length;
    expect(failures).toBeGreaterThanOrEqual(3);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const [row] = await app.deps.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `account:${ghost}`));
    expect(row?.failures).toBe(failures);
  });

  it('throttles wrong current passwords of a signed-in user too', async () => {
    const { email, password } = await signUp(app);
    const token = await logIn(app, email, password, { remoteAddress: freshIp() });
    const change = (currentPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword, newPassword: 'brand-new-pass' },
      });
    for (let i = 0; i < 3; i += 1) expect((await change('wrong-pass')).statusCode).toBe(400);
    const blocked = await change(password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many incorrect password attempts. Please try again later.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
