import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser } from '../../testing/test-kit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two instances with REDIS_URL share each user's question budget: alternating does not double it. */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))('assistant limit across instances (Redis)', () => {
  let a: App;
  let b: App;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_ASSISTANT_PER_MINUTE: '4' });
    b = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_ASSISTANT_PER_MINUTE: '4' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts one user’s questions on both instances together, per user', async () => {
    const asker = await createUser(a, 'Yemi');
    const other = await createUser(a, 'Sade');
    const ask = (app: App, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/chatbot/ask',
        headers,
        payload: { message: 'What are the fees?' },
      });
    for (const app of [a, b, a, b]) expect((await ask(app, asker.headers)).statusCode).toBe(200);
    expect((await ask(a, asker.headers)).statusCode).toBe(429);
    expect((await ask(b, asker.headers)).statusCode).toBe(429);
    expect((await ask(b, other.headers)).statusCode).toBe(200);
  });
});
