import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../testing/test-app.ts';
import { computeSecurityHeaders, SECURITY_HEADER_OPTIONS } from './security-headers.ts';

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

  it('are on every answer: a route, a refusal and an unknown path', async () => {
    for (const url of ['/api/health', '/api/transactions/stats', '/api/no-such-route']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });
});

describe('Cache-Control on signed-in answers', () => {
  it('is no-store on every answer to a signed-in request (answers, refusals, files), and absent on public ones', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: `cache-${Date.now()}@example.com`,
        password: 'a-good-password',
        firstName: 'Cache',
        lastName: 'Tester',
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
    const open = await app.inject({ method: 'GET', url: '/api/health' });
    expect(open.headers['cache-control']).toBeUndefined();
  });
});
