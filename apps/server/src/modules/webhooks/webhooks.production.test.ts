import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TEXT } from '@escrow/shared/schemas/webhooks';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { deliverDueWebhooks } from './index.ts';
import { attemptsOf, createEndpoint, removeEndpointsOf, startReceiver } from './webhooks.test-support.ts';

/** URL safety as production runs it: https to public addresses only, when saved and at each delivery. */
let app: App;
let owner: TestUser;
const users: TestUser[] = [];

beforeAll(async () => {
  app = await createTestApp({ NODE_ENV: 'production', SCHEDULER_ENABLED: 'false' });
  owner = await createUser(app, 'Owner');
  users.push(owner);
});
afterAll(async () => {
  await removeEndpointsOf(app, users);
  await app.close();
});

/** WEBHOOK_ALLOW_PRIVATE_URLS as if set at start (the module reads the configuration at each use). */
const allowPrivate = (allowed: boolean) => {
  app.deps.config.WEBHOOK_ALLOW_PRIVATE_URLS = allowed;
};
const create = (url: string) =>
  app.inject({
    method: 'POST',
    url: '/api/developer/webhooks',
    headers: owner.headers,
    payload: { url, events: ['transaction.paid'] },
  });

describe('in production', () => {
  it.each([
    ['http://8.8.8.8/hook', WEBHOOK_TEXT.httpsRequired],
    ['https://127.0.0.1/hook', WEBHOOK_TEXT.privateAddress],
    ['https://localhost/hook', WEBHOOK_TEXT.privateAddress],
    ['https://10.0.0.8/hook', WEBHOOK_TEXT.privateAddress],
    ['https://172.20.1.1/hook', WEBHOOK_TEXT.privateAddress],
    ['https://192.168.0.10/hook', WEBHOOK_TEXT.privateAddress],
    ['https://100.64.1.1/hook', WEBHOOK_TEXT.privateAddress],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_TEXT.privateAddress],
    ['https://0.0.0.0/hook', WEBHOOK_TEXT.privateAddress],
    ['https://2130706433/hook', WEBHOOK_TEXT.privateAddress],
    ['https://[::1]/hook', WEBHOOK_TEXT.privateAddress],
    ['https://[::]/hook', WEBHOOK_TEXT.privateAddress],
    ['https://[fe80::1]/hook', WEBHOOK_TEXT.privateAddress],
    ['https://[fd00:ec2::254]/hook', WEBHOOK_TEXT.privateAddress],
    ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_TEXT.privateAddress],
    ['https://[::ffff:a9fe:a9fe]/hook', WEBHOOK_TEXT.privateAddress],
  ])('refuses %s with 400', async (url, error) => {
    const res = await create(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error,
      details: [{ field: 'url', message: error }],
    });
  });

  it('accepts https to a public address, and refuses a private one on update too', async () => {
    const res = await create('https://8.8.8.8/hook');
    expect(res.statusCode, res.body).toBe(201);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/developer/webhooks/${res.json().data.webhook.id}`,
      headers: owner.headers,
      payload: { url: 'https://192.168.1.1/hook' },
    });
    expect(patched.statusCode).toBe(400);
  });

  it('allows http and private addresses with WEBHOOK_ALLOW_PRIVATE_URLS=true', async () => {
    allowPrivate(true);
    try {
      expect((await create('http://127.0.0.1:9/hook')).statusCode).toBe(201);
      expect((await create('http://[::1]:9/hook')).statusCode).toBe(201);
    } finally {
      allowPrivate(false);
    }
  });

  it('checks the address again at each delivery: nothing reaches a private address', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    try {
      const user = await createUser(app, 'Rebinder');
      users.push(user);
      // Saved while allowed (as a name that resolved to a public address would be), then sent in production.
      allowPrivate(true);
      const literal = await createEndpoint(app, user, receiver.url);
      const named = await createEndpoint(app, user, `https://localhost:${port}/hook`);
      allowPrivate(false);
      for (const endpoint of [literal, named])
        await app.inject({
          method: 'POST',
          url: `/api/developer/webhooks/${endpoint.id}/test`,
          headers: user.headers,
        });
      expect(await deliverDueWebhooks(app.deps)).toMatchObject({ attempted: 2, failed: 2 });
      expect(receiver.arrivals).toHaveLength(0);
      const [http] = await attemptsOf(app, user, literal.id);
      expect(http).toMatchObject({ statusCode: null, succeeded: false });
      expect(http!.error).toMatch(/Address not allowed|https is required/);
      // The name is resolved by the connection itself, and every address it gets is checked.
      const [byName] = await attemptsOf(app, user, named.id);
      expect(byName).toMatchObject({ statusCode: null, succeeded: false });
      expect(byName!.error).toMatch(/Address not allowed for webhooks: (127\.0\.0\.1|::1)/);
    } finally {
      allowPrivate(false);
      await receiver.close();
    }
  });
});
