import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import type { App } from '../app.ts';
import { createTransaction, createUser, deposit, join, put, walletBalance } from '../testing/test-kit.ts';

/**
 * The live channel on a private Redis (never the machine's shared one) that the test stops and starts
 * again: the API keeps answering, money steps commit, readiness says 'degraded', nothing is left
 * unhandled, and publishing resumes by itself.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  return (async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const probe = new Redis({
        port,
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {});
      try {
        await probe.connect();
        await probe.ping();
        return child;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        probe.disconnect();
      }
    }
    throw new Error('redis did not start');
  })();
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not reached in time');
}

let port: number;
let redis: ChildProcess;
let app: App;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  port = await freePort();
  redis = await startRedis(port);
  app = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await app?.close();
  redis?.kill('SIGKILL');
});

const readiness = async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).json();

describe('a Redis outage under the live channel', () => {
  it('keeps every call working, reports degraded, and publishes again once Redis is back', async () => {
    const buyer = await createUser(app, 'Rita');
    const seller = await createUser(app, 'Remi');
    expect(await readiness()).toMatchObject({ data: { status: 'ready', checks: { redis: 'up' } } });

    redis.kill('SIGKILL');
    await until(async () => (await readiness()).data.checks.redis === 'down');
    expect(await readiness()).toMatchObject({
      success: true,
      data: { status: 'degraded', checks: { database: 'up', redis: 'down' } },
    });

    // Money steps commit and answer normally while every live event's publish fails.
    for (let i = 0; i < 3; i += 1) {
      const { transaction, code } = await createTransaction(app, buyer, {
        creatorRole: 'BUYER',
        price: 1000,
      });
      expect((await join(app, seller, code)).statusCode).toBe(200);
      await deposit(app, buyer, transaction.total);
      const paid = await put(app, buyer, `/api/transactions/${transaction.id}/confirm-payment`, {
        paymentMethod: 'WALLET',
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    expect(await walletBalance(app, buyer)).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Redis returns on the same port: the adapter publishes again without a restart.
    redis = await startRedis(port);
    await until(async () => (await readiness()).data.checks.redis === 'up', 15_000);
    const listener = new Redis({ port });
    listener.on('error', () => {});
    const received: string[] = [];
    await listener.psubscribe('socket.io#*');
    listener.on('pmessage', (_pattern, channel) => received.push(channel));
    const { code } = await createTransaction(app, buyer, { creatorRole: 'BUYER', price: 1000 });
    expect((await join(app, seller, code)).statusCode).toBe(200);
    await until(async () => received.length > 0);
    listener.disconnect();

    await new Promise((r) => setTimeout(r, 200));
    expect(unhandled).toEqual([]);
  }, 60_000);
});
