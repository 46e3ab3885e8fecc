import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { PrivateRedis } from '../testing/private-redis.ts';
import { createTestApp } from '../testing/test-app.ts';

/** redis_up follows the live channel's Redis link, on a private redis-server the test stops and starts. */
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const redis = new PrivateRedis();
let app: App;
beforeAll(async () => {
  await redis.start();
  app = await createTestApp({ METRICS_TOKEN: TOKEN, REDIS_URL: redis.url });
});
afterAll(async () => {
  await app.close();
  await redis.stop();
});

async function redisUp(): Promise<string | undefined> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return /^redis_up (\S+)$/m.exec(res.body)?.[1];
}

async function until(value: string) {
  const deadline = Date.now() + 10_000;
  while ((await redisUp()) !== value) {
    if (Date.now() > deadline) throw new Error(`redis_up never became ${value}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('is 1 while Redis answers, 0 while it is away, and 1 again once it is back', async () => {
  await until('1');
  await redis.stop();
  await until('0');
  await redis.start();
  await until('1');
});
