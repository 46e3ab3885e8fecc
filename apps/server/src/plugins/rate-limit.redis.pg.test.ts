import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../testing/test-app.ts';
import type { App } from '../app.ts';
import { createUser, get, join } from '../testing/test-kit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances on one PostgreSQL with REDIS_URL count together: a client cannot double its allowance
 * by alternating between instances behind a load balancer. The key prefix is this run's own
 * (createTestApp), so runs sharing the Redis never see each other's counts.
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))('request limits across instances (Redis)', () => {
  let a: App;
  let b: App;
  const limits = { RATE_LIMIT_SIGNUP_PER_HOUR_PER_IP: '3', RATE_LIMIT_JOIN_FAILURES_PER_HOUR: '2' };

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, ...limits });
    b = await createTestApp({ REDIS_URL: redisUrl!, ...limits });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const signup = (app: App, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: ip,
      payload: {
        email: uniqueEmail('shared'),
        password: 'correct-horse-1',
        firstName: 'Ada',
        lastName: 'Obi',
        acceptPrivacyNotice: true,
      },
    });

  it('counts sign-ups from one address on both instances together', async () => {
    const ip = `10.88.${process.pid % 250}.1`;
    expect((await signup(a, ip)).statusCode).toBe(201);
    expect((await signup(b, ip)).statusCode).toBe(201);
    expect((await signup(a, ip)).statusCode).toBe(201);
    const refused = await signup(b, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });

  it('counts failed joins on both instances together', async () => {
    const prober = await createUser(a, 'Prober');
    expect((await join(a, prober, 'NOPE-0001')).statusCode).toBe(404);
    expect((await get(b, prober, '/api/transactions/invite/NOPE-0002')).statusCode).toBe(404);
    expect((await join(a, prober, 'NOPE-0003')).statusCode).toBe(429);
    expect((await join(b, prober, 'NOPE-0003')).statusCode).toBe(429);
  });
});
