import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { bearer, logIn, signUp } from '../modules/auth/auth.test-support.ts';
import { openSocket } from '../testing/socket-client.ts';
import { createTestApp } from '../testing/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances on one PostgreSQL with the Redis adapter: a session ended through instance B closes
 * its socket held by instance A within 5 s (the bound is polled, never timed).
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))(
  'sockets end with their session across instances',
  () => {
    let a: App;
    let b: App;
    let urlA: string;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      a = await createTestApp({ REDIS_URL: redisUrl! });
      b = await createTestApp({ REDIS_URL: redisUrl! });
      urlA = await a.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await b.close();
      await a.close();
    });

    it('logout on instance B closes the socket held by instance A', async () => {
      const account = await signUp(b);
      const token = await logIn(b, account.email, account.password);
      const other = await logIn(b, account.email, account.password);
      const socket = await openSocket(urlA, token, sockets);
      const kept = await openSocket(urlA, other, sockets);
      const res = await b.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: 5000, interval: 50 });
      expect(kept.connected).toBe(true);
    });
  },
);

/**
 * Two instances whose live channel carries nothing between them (no Redis; the same as Redis being
 * down): a logout on B still closes the socket held by A within 5 s, through A's own check of its
 * sockets' sessions against the database.
 */
describe.runIf(Boolean(inject('databaseUrl')))('sockets end with their session without Redis', () => {
  let a: App;
  let b: App;
  let urlA: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
    urlA = await a.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b.close();
    await a.close();
  });

  it('logout on instance B closes the socket held by instance A', async () => {
    const account = await signUp(b);
    const token = await logIn(b, account.email, account.password);
    const other = await logIn(b, account.email, account.password);
    const socket = await openSocket(urlA, token, sockets);
    const kept = await openSocket(urlA, other, sockets);
    const res = await b.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: 5000, interval: 50 });
    expect(kept.connected).toBe(true);
  });
});
