import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../wallet/wallet.test-helpers.ts';
import type { SessionUser } from './auth.request-user.ts';
import { createSessionCache } from './auth.session-cache.ts';
import { pollUntil, redisProxy } from './auth.session-cache.test-support.ts';
import { bearer, logIn, signUp } from './auth.test-support.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const BOUND_MS = 5_000;

const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const status = async (app: App, token: string) => (await me(app, token)).statusCode;

/**
 * Two instances on one PostgreSQL with REDIS_URL: a change made through A is seen by B within 5 s.
 * B's clock is frozen, so its cache entries never reach their TTL: only the invalidation published
 * on Redis can make B see a change, and these tests fail if it does not arrive (the TTL would
 * otherwise hide a broken channel).
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))('session cache across instances (Redis)', () => {
  let a: App;
  let b: App;
  let admin: TestUser;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await createTestApp({ REDIS_URL: redisUrl! });
    const frozen = b.deps.clock.now();
    b.deps.clock.now = () => frozen;
    admin = await createTestUser(a, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function signedInOnA() {
    const account = await signUp(a);
    return { ...account, token: await logIn(a, account.email, account.password) };
  }

  it('B refuses a token within 5 s of its logout on A', async () => {
    const { token } = await signedInOnA();
    expect(await status(b, token)).toBe(200);
    expect(await status(b, token)).toBe(200);
    const out = await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(await status(a, token)).toBe(401);
    expect(
      await pollUntil(
        () => status(b, token),
        (code) => code === 401,
        { timeoutMs: BOUND_MS },
      ),
    ).toBe(401);
  });

  it('B refuses a session signed out from the sessions list on A, and every other after "sign out all others"', async () => {
    const account = await signedInOnA();
    const phone = await logIn(a, account.email, account.password);
    const tablet = await logIn(a, account.email, account.password);
    for (const token of [phone, tablet]) expect(await status(b, token)).toBe(200);
    const listed = await a.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(phone) });
    const phoneId = (listed.json().data.sessions as { id: string; current: boolean }[]).find(
      (s) => s.current,
    )!.id;
    const one = await a.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneId}`,
      headers: bearer(account.token),
    });
    expect(one.statusCode).toBe(200);
    const refused = (token: string) =>
      pollUntil(
        () => status(b, token),
        (code) => code === 401,
        { timeoutMs: BOUND_MS },
      );
    expect(await refused(phone)).toBe(401);
    expect(await status(b, tablet)).toBe(200);
    const all = await a.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(account.token),
    });
    expect(all.statusCode).toBe(200);
    expect(await refused(tablet)).toBe(401);
    expect(await status(b, account.token)).toBe(200);
  });

  it('B refuses the other sessions within 5 s of a password change on A, and keeps the current one', async () => {
    const account = await signedInOnA();
    const other = await logIn(a, account.email, account.password);
    expect(await status(b, other)).toBe(200);
    expect(await status(b, account.token)).toBe(200);
    const res = await a.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(account.token),
      payload: { currentPassword: account.password, newPassword: 'new-horse-2' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await pollUntil(
        () => status(b, other),
        (code) => code === 401,
        { timeoutMs: BOUND_MS },
      ),
    ).toBe(401);
    expect(await status(b, account.token)).toBe(200);
  });

  it("B's wallet and request.user show an admin's level change on A within 5 s", async () => {
    const target = await createTestUser(a);
    const onB = async () => {
      const wallet = await b.inject({ method: 'GET', url: '/api/wallet', headers: target.headers });
      const quote = await b.inject({
        method: 'POST',
        url: '/api/escrow-calculator/calculate',
        headers: target.headers,
        payload: { transactionAmount: 10_000, transactionType: 'GOODS', categoryName: 'Electronics' },
      });
      return {
        wallet: wallet.json().data.wallet.verificationLevel as string,
        // The fee quote reads the level from request.user: the cached copy.
        requestUser: quote.json().data.riskFactors.verificationLevel as string,
      };
    };
    expect(await onB()).toEqual({ wallet: 'BASIC', requestUser: 'BASIC' });
    const res = await a.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user.id}/verification-level`,
      headers: admin.headers,
      payload: { verificationLevel: 'ENHANCED' },
    });
    expect(res.statusCode).toBe(200);
    const seen = await pollUntil(onB, (levels) => levels.requestUser === 'ENHANCED', { timeoutMs: BOUND_MS });
    expect(seen).toEqual({ wallet: 'ENHANCED', requestUser: 'ENHANCED' });
  });
});

/**
 * Redis goes away under a running instance (a proxy in front of the shared Redis is cut, so its port
 * is closed): requests still succeed, and a logout on that instance still takes effect at once.
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))('session cache with Redis unreachable', () => {
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let app: App;

  beforeAll(async () => {
    proxy = await redisProxy(redisUrl!);
    app = await createTestApp({ REDIS_URL: proxy.url });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  it('answers requests and refuses a logged-out token at once', async () => {
    const account = await signUp(app);
    const token = await logIn(app, account.email, account.password);
    const spare = await logIn(app, account.email, account.password);
    expect(await status(app, token)).toBe(200);

    await proxy.cut();
    for (let i = 0; i < 3; i += 1) expect(await status(app, token)).toBe(200);
    expect(await status(app, spare)).toBe(200);
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { firstName: 'Offline' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(app, spare)).json().data.user.firstName).toBe('Offline');
    const fresh = await logIn(app, account.email, account.password);
    expect(await status(app, fresh)).toBe(200);

    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(await status(app, token)).toBe(401);
    expect(await status(app, spare)).toBe(200);
  });
});

/**
 * Messages published while an instance's subscription is down are lost: once it is back, that
 * instance drops its whole cache rather than serve what it may have missed until the TTL.
 */
describe.runIf(Boolean(redisUrl))('session cache after a Redis reconnect', () => {
  it('drops every cached session once its subscription is restored', async () => {
    const proxy = await redisProxy(redisUrl!);
    const frozen = new Date();
    const clock = { now: () => frozen };
    const log = { warn: vi.fn(), info: vi.fn() };
    const behind = createSessionCache({ clock, log, redisUrl: proxy.url });
    const direct = createSessionCache({ clock, log: { warn: vi.fn(), info: vi.fn() }, redisUrl: redisUrl! });
    const user: SessionUser = {
      id: 'u1',
      email: 'u1@example.com',
      firstName: 'U',
      lastName: 'One',
      role: 'USER',
      verificationLevel: 'BASIC',
      trustScore: 0,
      language: null,
    };
    const put = (sessionId: string) => {
      const ticket = behind.beginRead();
      behind.store(ticket, sessionId, {
        userId: user.id,
        expiresAtMs: frozen.getTime() + 3600_000,
        user,
        twoFactorVerified: false,
        readAtMs: ticket.readAtMs,
      });
    };
    try {
      // Subscribed: an invalidation from the other instance arrives.
      put('s1');
      const heard = await pollUntil(
        async () => {
          direct.invalidateSession('s1');
          return behind.session('s1');
        },
        (state) => state === undefined,
        { timeoutMs: BOUND_MS },
      );
      expect(heard).toBeUndefined();

      put('s2');
      put('s3');
      await proxy.cut();
      direct.invalidateSession('s2'); // lost: `behind` is not connected
      await proxy.restore();
      const after = await pollUntil(
        async () => [behind.session('s2'), behind.session('s3')],
        (states) => states.every((state) => state === undefined),
        { timeoutMs: 15_000 },
      );
      expect(after).toEqual([undefined, undefined]);
      // The cut is logged at most once (lib/dependency-log.ts), and its end once if it was.
      const [warned, recovered] = await pollUntil(
        async () => [log.warn.mock.calls.length, log.info.mock.calls.length],
        ([failures, recoveries]) => recoveries === failures,
        { timeoutMs: 15_000 },
      );
      expect(warned).toBeLessThanOrEqual(1);
      expect(recovered).toBe(warned);
    } finally {
      await behind.close();
      await direct.close();
      await proxy.close();
    }
  });
});
