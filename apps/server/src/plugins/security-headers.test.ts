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
