import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('health and readiness', () => {
  it('reports health and a reachable database', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toMatchObject({ success: true, data: { status: 'ready' } });
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers errors raised before routing (over-long path parameters) with the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/transactions/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ success: false, code: 'URI_TOO_LONG' });
  });

  it('serves the OpenAPI document and sets a content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
