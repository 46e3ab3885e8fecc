import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { passwordResetTokens } from '../../db/schema/users.ts';
import type { Mail } from '../../lib/mailer.ts';
import { bearer, logIn, mailsTo, resetTokenFromMail, signUp } from './auth.test-support.ts';

/** What the logger would write: errors as their message, requests through Fastify's req serializer. */
function asLogged(key: string, value: unknown) {
  if (value instanceof Error) return value.message;
  if (key === 'req' && value && typeof value === 'object' && 'raw' in value) {
    const req = value as unknown as { method: string; url: string; host: string; ip: string };
    return { method: req.method, url: req.url, host: req.host, remoteAddress: req.ip };
  }
  return value;
}

let app: App;
const bodies: string[] = [];
const logLines: string[] = [];
beforeAll(async () => {
  app = await createTestApp();
  // Every log call is kept to prove the token never shows up in one.
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
    vi.spyOn(app.log, level).mockImplementation((...args: unknown[]) => {
      logLines.push(JSON.stringify(args, asLogged));
    });
  }
});
afterAll(async () => {
  await app.close();
});

/** app.inject that keeps every answer body, to prove the token never shows up in one. */
async function inject(options: InjectOptions) {
  const res = await app.inject(options);
  bodies.push(res.body);
  return res;
}

const GENERIC = {
  success: true,
  data: null,
  message: 'If an account with that email exists, a reset link has been sent!',
};
const requestReset = (email: string) =>
  inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
const setNewPassword = (resetToken: string, newPassword: string) =>
  inject({ method: 'POST', url: '/api/auth/set-new-password', payload: { resetToken, newPassword } });
const INVALID = {
  success: false,
  code: 'INVALID_RESET_TOKEN',
  error: 'This reset link is invalid or has expired',
  // Every error envelope names its request (the x-request-id header): what a user quotes to support.
  requestId: expect.any(String),
};
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

describe('password reset', () => {
  it('answers the same generic message for known and unknown addresses', async () => {
    const { email } = await signUp(app);
    const known = await requestReset(email.toUpperCase());
    const unknown = await requestReset(uniqueEmail('nobody'));
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(GENERIC);
    }
  });

  it('mails a single-use link, stores only its hash, then signs out every session', async () => {
    const { email, password } = await signUp(app);
    const sessionA = await logIn(app, email, password);
    const sessionB = await logIn(app, email, password);
    expect((await requestReset(email)).json()).toEqual(GENERIC);

    const [mail] = await mailsTo(app, email, { subject: 'Reset' });
    expect(mail?.text).toMatch(/^Hello Chiamaka,/);
    expect(mail?.html).toContain('<a href="http://localhost:3000/reset-password?token=');
    const token = await resetTokenFromMail(app, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const [stored] = await app.deps.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    expect(stored).toBeDefined();
    const ttlMs = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttlMs - 60 * 60_000)).toBeLessThan(60_000);

    const done = await setNewPassword(token, 'a-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, data: null });
    for (const session of [sessionA, sessionB]) {
      const me = await inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) });
      expect(me.statusCode).toBe(401);
    }
    await logIn(app, email, 'a-new-password');
    const old = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(old.statusCode).toBe(401);

    const again = await setNewPassword(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect(bodies.some((b) => b.includes(token))).toBe(false);
    expect(logLines.some((l) => l.includes(token))).toBe(false);
  });

  it('refuses an expired link', async () => {
    const { email } = await signUp(app);
    await requestReset(email);
    const token = await resetTokenFromMail(app, email);
    await app.deps.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    const res = await setNewPassword(token, 'a-new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
  });

  it('refuses unknown tokens and closes older links once one is used', async () => {
    expect((await setNewPassword('made-up-token', 'a-new-password')).json()).toEqual(INVALID);
    const { email } = await signUp(app);
    await requestReset(email);
    const first = await resetTokenFromMail(app, email, 1);
    await requestReset(email);
    const second = await resetTokenFromMail(app, email, 2);
    expect(second).not.toBe(first);
    expect((await setNewPassword(second, 'a-new-password')).statusCode).toBe(200);
    expect((await setNewPassword(first, 'other-password')).json()).toEqual(INVALID);
  });

  it('lets exactly one of several racing uses of a link succeed', async () => {
    const { email } = await signUp(app);
    await requestReset(email);
    const token = await resetTokenFromMail(app, email);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => setNewPassword(token, `racing-password-${i}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('still answers generically when the mail cannot be sent, and logs no token', async () => {
    const { email } = await signUp(app);
    const sent: Mail[] = [];
    const send = vi.spyOn(app.deps.mailer, 'send').mockImplementationOnce(async (mail) => {
      sent.push(mail);
      // A transport that quotes the message back in its error must not leak the link into the log.
      throw new Error(`SMTP 554 rejected: ${mail.text}`);
    });
    logLines.length = 0;
    expect((await requestReset(email)).json()).toEqual(GENERIC);
    await vi.waitFor(() => expect(logLines.some((l) => l.includes('background task failed'))).toBe(true));
    send.mockRestore();
    const token = /token=([A-Za-z0-9_-]+)/.exec(sent[0]!.text)![1]!;
    expect(logLines.join('\n')).toContain('[token]');
    expect(logLines.some((l) => l.includes(token))).toBe(false);
  });

  it('limits reset mails per account', async () => {
    const { email } = await signUp(app);
    for (let i = 0; i < 7; i += 1) expect((await requestReset(email)).json()).toEqual(GENERIC);
    await mailsTo(app, email, { subject: 'Reset', atLeast: 5 });
    await vi.waitFor(() => expect(logLines.some((l) => l.includes('reset mail limit reached'))).toBe(true));
    expect(await mailsTo(app, email, { subject: 'Reset', atLeast: 6, timeoutMs: 300 })).toHaveLength(5);
  });

  it.each([
    ['/api/auth/reset-password', { email: 'nope' }, 'Please enter a valid email address'],
    ['/api/auth/reset-password', {}, 'Please enter a valid email address'],
    [
      '/api/auth/set-new-password',
      { resetToken: 'x', newPassword: 'short' },
      'New password must be at least 8 characters long',
    ],
    [
      '/api/auth/set-new-password',
      { newPassword: 'long-enough' },
      'This reset link is invalid or has expired',
    ],
    [
      '/api/auth/set-new-password',
      { resetToken: 'x'.repeat(201), newPassword: 'long-enough' },
      'This reset link is invalid or has expired',
    ],
  ])('validates %s %j', async (url, payload, text) => {
    const res = await inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: text });
  });
});
