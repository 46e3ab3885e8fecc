import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type { App } from '../app.ts';
import { createUser } from '../testing/test-kit.ts';
import { freePort, PrivateRedis } from '../testing/private-redis.ts';
import { collect, openSocket } from '../testing/socket-client.ts';
import { createTestApp } from '../testing/test-app.ts';

/**
 * Instances that start while Redis is away (a restart during a Redis outage) start and serve; once Redis
 * answers, live events cross between them without a restart.
 */
describe('starting while Redis is down', () => {
  const redis = new PrivateRedis();
  let a: App;
  let b: App;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis.port = await freePort();
    a = await createTestApp({ REDIS_URL: redis.url });
    b = await createTestApp({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.close(), b?.close()]);
    await redis.stop();
  });

  it('serves at once, and joins the live channel when Redis comes up', async () => {
    const ready = await a.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ data: { status: 'degraded' } });

    await redis.start();
    const user = await createUser(a, 'Ngozi');
    const url = await a.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(url, user.token, sockets);
    const heard = collect<{ id: string }>(socket, SERVER_EVENTS.notification);
    // Published on B, heard by a socket on A: through Redis only.
    await vi.waitFor(
      () => {
        b.deps.realtime.toUser(user.id, SERVER_EVENTS.notification, { id: 'across' });
        expect(heard.map((event) => event.id)).toContain('across');
      },
      { timeout: 10_000, interval: 250 },
    );
  }, 30_000);
});
