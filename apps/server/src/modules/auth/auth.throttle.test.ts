import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { loginThrottles } from '../../db/schema/throttles.ts';
import { bearer, logIn, mailsTo, resetTokenFromMail, signUp } from './auth.test-support.ts';

const WINDOW_SECONDS = 900;
const SLOWDOWN_AFTER = 4;
const STEP_MS = 150;
const MAX_MS = 400;
let app: App;
beforeAll(async () => {
  app = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '3',
    LOGIN_MAX_FAILURES_PER_IP: '6',
    LOGIN_SLOWDOWN_AFTER_FAILURES: String(SLOWDOWN_AFTER),
    LOGIN_SLOWDOWN_STEP_MS: String(STEP_MS),
    LOGIN_SLOWDOWN_MAX_MS: String(MAX_MS),
    LOGIN_THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
});
afterEach(() => {
  app.deps.clock.now = () => new Date();
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
  expect(res.json()).toEqual({ ...RATE_LIMITED, requestId: res.headers['x-request-id'] });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

describe('login throttling', () => {
  it('blocks an account from one address after its failures, before the password is checked', async () => {
    const { email, password } = await signUp(app);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await attempt(email, 'wrong-pass', ip)).statusCode).toBe(401);
    expectBlocked(await attempt(email, 'wrong-pass', ip));
    // The right password from that address is still refused while the block lasts...
    expectBlocked(await attempt(email.toUpperCase(), password, ip));
    // ...and the owner elsewhere signs in normally.
    expect((await attempt(email, password, freshIp())).statusCode).toBe(200);
  });

  it('answers an unknown account exactly like a real one', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await attempt(ghost, 'whatever', ip)).statusCode).toBe(401);
    expectBlocked(await attempt(ghost, 'whatever', ip));
  });

  it('blocks one address across accounts, unknown e-mails included', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) {
      expect((await attempt(uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(401);
    }
    const { email, password } = await signUp(app);
    expectBlocked(await attempt(email, password, ip));
    // Another address signs in to that account normally.
    expect((await attempt(email, password, freshIp())).statusCode).toBe(200);
  });

  it('never counts successes against an address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const { email, password } = await signUp(app);
      expect((await attempt(email, password, ip)).statusCode).toBe(200);
    }
    const [row] = await app.deps.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `ip:${ip}`));
    expect(row).toBeUndefined();
  });

  it('resets the pair counter after a successful sign-in', async () => {
    const { email, password } = await signUp(app);
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) await attempt(email, 'wrong-pass', ip);
    expect((await attempt(email, password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await attempt(email, 'wrong-pass', ip)).statusCode).toBe(401);
    expectBlocked(await attempt(email, password, ip));
  });

  it('lets the pair in again once the window has passed', async () => {
    const { email, password } = await signUp(app);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await attempt(email, 'wrong-pass', ip);
    expectBlocked(await attempt(email, password, ip));
    const start = Date.now();
    app.deps.clock.now = () => new Date(start + (WINDOW_SECONDS - 1) * 1000);
    expectBlocked(await attempt(email, password, ip));
    app.deps.clock.now = () => new Date(start + (WINDOW_SECONDS + 1) * 1000);
    expect((await attempt(email, password, ip)).statusCode).toBe(200);
  });

  it('ends the pair blocks of an account when its password is reset', async () => {
    const { email } = await signUp(app);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await attempt(email, 'wrong-pass', ip);
    expectBlocked(await attempt(email, 'wrong-pass', ip));
    await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
    const token = await resetTokenFromMail(app, email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/set-new-password',
      payload: { resetToken: token, newPassword: 'a-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(email, 'a-new-password', ip)).statusCode).toBe(200);
  });

  it('slows an account attacked from many addresses down, never refuses it, and tells the owner once', async () => {
    const { email, password } = await signUp(app);
    const timed = async (pass: string) => {
      const started = performance.now();
      const res = await attempt(email, pass, freshIp());
      return { status: res.statusCode, ms: performance.now() - started };
    };
    for (let i = 0; i < SLOWDOWN_AFTER; i += 1) expect((await timed('wrong-pass')).status).toBe(401);
    // Then each attempt waits longer, up to the cap, and is still answered on its merits.
    const first = await timed('wrong-pass');
    expect(first.status).toBe(401);
    expect(first.ms).toBeGreaterThanOrEqual(STEP_MS);
    for (let i = 0; i < 4; i += 1) expect((await timed('wrong-pass')).status).toBe(401);
    const owner = await timed(password);
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(MAX_MS);

    const subject = 'Someone is trying to sign in';
    const mails = await mailsTo(app, email, { subject });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${SLOWDOWN_AFTER} failed attempts`);
    // More failures in the same window send no second mail.
    await timed('wrong-pass');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(app, email, { subject, timeoutMs: 0 })).toHaveLength(1);
  });

  it('counts every one of many concurrent failures (atomic upsert)', async () => {
    const ghost = uniqueEmail('burst');
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(ghost, 'guess', ip)));
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
