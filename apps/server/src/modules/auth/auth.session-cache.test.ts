import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { sessions } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../wallet/wallet.test-helpers.ts';
import { GONE, SESSION_CACHE_TTL_MS, createSessionCache } from './auth.session-cache.ts';
import { closedPort, pollUntil, whoamiProbe } from './auth.session-cache.test-support.ts';
import { bearer, logIn, resetTokenFromMail, signUp } from './auth.test-support.ts';
import { createTokenService } from './auth.tokens.ts';

let app: App;
let probe: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  probe = await whoamiProbe(app.deps.tokens);
});
afterAll(async () => {
  await probe.close();
  await app.close();
});

const SLIM_USER_KEYS = [
  'email',
  'firstName',
  'id',
  'language',
  'lastName',
  'role',
  'sessionId',
  'trustScore',
  'twoFactorVerified',
  'verificationLevel',
];

const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const whoami = (token: string) => probe.inject({ method: 'GET', url: '/whoami', headers: bearer(token) });
const quote = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/escrow-calculator/calculate',
    headers: bearer(token),
    payload: { transactionAmount: 10_000, transactionType: 'GOODS', categoryName: 'Electronics' },
  });

async function signedIn() {
  const account = await signUp(app);
  return { ...account, token: await logIn(app, account.email, account.password) };
}

/** Two requests: the first reads the session into the cache, the second is served from it. */
async function warm(token: string) {
  for (let i = 0; i < 2; i += 1) expect((await me(token)).statusCode).toBe(200);
}

describe('session cache on one instance', () => {
  it('refuses a token at once after logout, though it was just served from the cache', async () => {
    const { token } = await signedIn();
    await warm(token);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await whoami(token)).statusCode).not.toBe(200);
  });

  it('after a password change refuses the other sessions at once and keeps the current one', async () => {
    const account = await signedIn();
    const other = await logIn(app, account.email, account.password);
    await warm(account.token);
    await warm(other);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(account.token),
      payload: { currentPassword: account.password, newPassword: 'new-horse-2' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(account.token)).statusCode).toBe(200);
  });

  it('after a password reset refuses every cached session at once', async () => {
    const account = await signedIn();
    await warm(account.token);
    await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: account.email } });
    const resetToken = await resetTokenFromMail(app, account.email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/set-new-password',
      payload: { resetToken, newPassword: 'reset-horse-3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(account.token)).statusCode).toBe(401);
  });

  it('shows a profile change at once in /auth/me and in request.user', async () => {
    const account = await signedIn();
    await warm(account.token);
    expect((await whoami(account.token)).json().user).toMatchObject({ firstName: 'Chiamaka' });
    const newEmail = `renamed.${account.email}`;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: bearer(account.token),
      payload: {
        firstName: 'Ngozi',
        lastName: 'Eze',
        email: newEmail,
        currentPassword: account.password,
        onboardingCompleted: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(account.token)).json().data.user).toMatchObject({
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: newEmail,
      onboardingCompleted: true,
    });
    expect((await whoami(account.token)).json().user).toMatchObject({
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: newEmail,
    });
  });

  it('shows an admin verification-level change at once: wallet limits, fee quote, request.user', async () => {
    const admin = await createTestUser(app, { role: 'ADMIN' });
    const target = await createTestUser(app);
    const wallet = async () =>
      (await app.inject({ method: 'GET', url: '/api/wallet', headers: target.headers })).json().data.wallet;
    expect(await wallet()).toMatchObject({ verificationLevel: 'BASIC' });
    expect((await quote(target.token)).json().data.riskFactors.verificationLevel).toBe('BASIC');
    expect((await whoami(target.token)).json().user.verificationLevel).toBe('BASIC');

    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user.id}/verification-level`,
      headers: admin.headers,
      payload: { verificationLevel: 'PREMIUM' },
    });
    expect(res.statusCode).toBe(200);
    expect(await wallet()).toMatchObject({
      verificationLevel: 'PREMIUM',
      limits: { dailyWithdrawal: 5_000_000, maxBalance: null },
    });
    expect((await quote(target.token)).json().data.riskFactors.verificationLevel).toBe('PREMIUM');
    expect((await whoami(target.token)).json().user.verificationLevel).toBe('PREMIUM');
  });

  it('sets a slim request.user without the password hash, read or cached', async () => {
    const account = await signedIn();
    for (let i = 0; i < 2; i += 1) {
      const res = await whoami(account.token);
      expect(res.statusCode).toBe(200);
      const { user } = res.json();
      expect(Object.keys(user).sort()).toEqual(SLIM_USER_KEYS);
      expect(user).toMatchObject({ id: account.user.id, email: account.email, role: 'USER' });
      expect(res.body).not.toMatch(/passwordHash|argon2/);
    }
    const verified = await app.deps.tokens.verify(account.token);
    expect(verified?.user).not.toHaveProperty('passwordHash');
  });
});

describe('token service over the session cache', () => {
  let now = Date.now();
  const clock = { now: () => new Date(now) };

  function services(options: Partial<Parameters<typeof createSessionCache>[0]> = {}) {
    const log = { warn: vi.fn(), info: vi.fn() };
    const cache = createSessionCache({ clock, log, ...options });
    const tokens = createTokenService(app.deps.db, clock, app.deps.config.jwtSecret, 24, cache);
    return { cache, tokens, log };
  }

  async function userWithToken(tokens: ReturnType<typeof services>['tokens']) {
    const { user } = await createTestUser(app);
    const { token } = await tokens.issue(user.id);
    const sessionId = (await tokens.verify(token))!.sessionId;
    return { user, token, sessionId };
  }

  it('checks a repeated token once and serves its session from the cache, for at most the TTL', async () => {
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
    const { cache, tokens } = services();
    now = Date.now();
    const { token, sessionId } = await userWithToken(tokens);
    expect(cache.claims(token)).toMatchObject({ sessionId });
    expect(cache.size).toEqual({ sessions: 1, claims: 1 });

    // Revoked behind the cache's back (no invalidation): served from the cache until the TTL ends...
    await app.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    expect(await tokens.verify(token)).not.toBeNull();
    now += SESSION_CACHE_TTL_MS - 1;
    expect(await tokens.verify(token)).not.toBeNull();
    // ...and read again after it, then remembered as gone.
    now += 1;
    expect(await tokens.verify(token)).toBeNull();
    expect(cache.session(sessionId)).toBe(GONE);
  });

  it('reads again when the clock is moved back, and refuses an expired session', async () => {
    const { cache, tokens } = services();
    now = Date.now();
    const { token, sessionId } = await userWithToken(tokens);
    now -= 60_000;
    expect(cache.session(sessionId)).toBeUndefined();
    expect(await tokens.verify(token)).not.toBeNull();
    now = Date.now() + 25 * 3600_000;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('does not store a read that an invalidation overtook', async () => {
    const { cache, tokens } = services();
    now = Date.now();
    const { user, token, sessionId } = await userWithToken(tokens);
    cache.invalidateUser(user.id);
    const ticket = cache.beginRead();
    const verified = await tokens.verify(token);
    cache.invalidateSession(sessionId);
    cache.store(ticket, sessionId, {
      userId: user.id,
      expiresAtMs: now + 3600_000,
      user: { ...verified!.user },
      twoFactorVerified: false,
      readAtMs: ticket.readAtMs,
    });
    expect(cache.session(sessionId)).toBeUndefined();
  });

  it('hands each request its own copy of the user', async () => {
    const { tokens } = services();
    now = Date.now();
    const { token } = await userWithToken(tokens);
    const first = await tokens.verify(token);
    first!.user.role = 'ADMIN';
    expect((await tokens.verify(token))!.user.role).toBe('USER');
  });

  it('keeps at most its bound of sessions and tokens, forgetting the least recently used', async () => {
    const { cache, tokens } = services({ maxEntries: 2 });
    now = Date.now();
    const a = await userWithToken(tokens);
    const b = await userWithToken(tokens);
    await tokens.verify(a.token);
    const c = await userWithToken(tokens);
    expect(cache.size).toEqual({ sessions: 2, claims: 2 });
    expect(cache.session(b.sessionId)).toBeUndefined();
    expect(cache.session(a.sessionId)).toMatchObject({ userId: a.user.id });
    expect(cache.session(c.sessionId)).toMatchObject({ userId: c.user.id });
  });

  it('works with Redis unreachable: logs once, revocations still take effect at once', async () => {
    const { cache, tokens, log } = services({ redisUrl: `redis://127.0.0.1:${await closedPort()}` });
    now = Date.now();
    try {
      const { user, token } = await userWithToken(tokens);
      expect(await tokens.verify(token)).not.toBeNull();
      await pollUntil(
        async () => log.warn.mock.calls.length,
        (calls) => calls > 0,
      );
      const other = await tokens.issue(user.id);
      expect(await tokens.verify(other.token)).not.toBeNull();
      tokens.invalidateUser(user.id);
      await tokens.revoke((await tokens.verify(token))!.sessionId);
      expect(await tokens.verify(token)).toBeNull();
      expect(await tokens.verify(other.token)).not.toBeNull();
      await tokens.revokeAllForUser(user.id);
      expect(await tokens.verify(other.token)).toBeNull();
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(cache.size.sessions).toBe(2);
    } finally {
      await tokens.close();
    }
  });
});
