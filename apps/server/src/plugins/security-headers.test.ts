import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../testing/test-app.ts';
import { apiHeadersFrom, computeSecurityHeaders, SECURITY_HEADER_OPTIONS } from './security-headers.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('security headers (computed once)', () => {
  const expected = computeSecurityHeaders(SECURITY_HEADER_OPTIONS);

  it('are helmet’s headers for our policy', () => {
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['content-security-policy']).toContain("object-src 'none'");
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
    expect(expected['referrer-policy']).toBe('no-referrer');
    expect(expected['x-powered-by']).toBeUndefined();
  });

  it('are all on every page: the app, an unknown page and the API docs', async () => {
    for (const url of ['/', '/app/dashboard', '/no-such-page', '/api/docs']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) {
        // Swagger UI (@fastify/swagger-ui) writes a policy of its own for its page.
        if (url === '/api/docs' && name === 'content-security-policy') continue;
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
    }
  });

  it('are the API set on every API answer: a route, a refusal and an unknown path', async () => {
    const api = apiHeadersFrom(expected);
    expect(Object.keys(api).sort()).toEqual([
      'content-security-policy',
      'cross-origin-resource-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const url of ['/api/health', '/api/transactions/stats', '/api/no-such-route']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(api))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      // The page-only headers stay off JSON.
      expect(res.headers['referrer-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('Cache-Control on signed-in answers', () => {
  it('is no-store on every answer to a signed-in request (answers, refusals, files)', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: `cache-${Date.now()}@example.com`,
        password: 'a-good-password',
        firstName: 'Cache',
        lastName: 'Tester',
        acceptPrivacyNotice: true,
      },
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    const token: string = signup.json().data.token;
    const authorization = `Bearer ${token}`;
    for (const url of ['/api/wallet', '/api/transactions/my-transactions', '/api/transactions/not-an-id']) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const forged = await app.inject({
      method: 'GET',
      url: '/api/wallet',
      headers: { authorization: 'Bearer forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on answers that carry a token or account data to a request without one, and on errors', async () => {
    const email = `cache-anon-${Date.now()}@example.com`;
    const password = 'a-good-password';
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
    const signup = await post('/api/auth/signup', {
      email,
      password,
      firstName: 'Cache',
      lastName: 'Tester',
      acceptPrivacyNotice: true,
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    const login = await post('/api/auth/login', { email, password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.token).toBeTruthy();
    const reset = await post('/api/auth/reset-password', { email });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    const wrongPassword = await post('/api/auth/login', { email, password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    const invalid = await post('/api/auth/signup', { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    const open = await app.inject({ method: 'GET', url: '/api/health' });
    for (const [what, res] of Object.entries({ signup, login, reset, me, wrongPassword, invalid, open }))
      expect(res.headers['cache-control'], what).toBe('no-store');
  });
});
