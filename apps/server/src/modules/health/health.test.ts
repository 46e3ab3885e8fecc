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
    for (const url of ['/api/health/ready', '/api/ready']) {
      const ready = await app.inject({ method: 'GET', url });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        success: true,
        data: { status: 'ready', checks: { database: 'up', redis: 'off' } },
      });
    }
  });

  it('answers 503 within its bound when the database hangs, while liveness stays 200', async () => {
    const broken = await createTestApp();
    const execute = broken.deps.db.execute;
    // A database that never answers (a cut network): the probe gives up after 2 s.
    broken.deps.db.execute = (() => new Promise(() => {})) as unknown as typeof execute;
    const started = performance.now();
    const ready = await broken.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      details: { status: 'unavailable', checks: { database: 'down' } },
    });
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await broken.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    broken.deps.db.execute = execute;
    await broken.close();
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
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
