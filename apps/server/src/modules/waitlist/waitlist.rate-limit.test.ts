import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { joinFrom } from './waitlist.test-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp({ WAITLIST_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await app.close();
});

const join = (ip: string) => joinFrom(app, ip);

it('answers 429 with the envelope once an IP passes the per-minute limit, per IP', async () => {
  const statuses = [];
  for (let i = 0; i < 4; i += 1) statuses.push((await join('203.0.113.7')).statusCode);
  expect(statuses).toEqual([201, 201, 201, 429]);

  const limited = await join('203.0.113.7');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

  // Another visitor is not affected, and neither are other routes.
  expect((await join('203.0.113.8')).statusCode).toBe(201);
  const health = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' });
  expect(health.statusCode).toBe(200);
  await app.waitlistTasks.drain();
});
