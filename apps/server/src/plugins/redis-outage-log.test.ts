import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migratedSnapshot } from '../testing/test-app.ts';
import { PrivateRedis } from '../testing/private-redis.ts';

/**
 * The log of a Redis outage, on a private Redis the test stops (never the machine's shared one): each
 * purpose (live channel, rate limits, session cache) writes one line when Redis goes away however often
 * its clients retry, and one line when it is back (docs/operations.md, "Outages and shutdown").
 */
type Line = { level: number; msg: string; dependency?: string };
const lines: Line[] = [];
const redis = new PrivateRedis();
let app: App;
let database: Database;

beforeAll(async () => {
  await redis.start();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-redis-log-')),
      JWT_SECRET: 'redis-log-test-secret-that-is-long-enough-0123',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      REDIS_URL: redis.url,
    },
    { memoryDatabase: true },
  );
  database = await openDatabase(config.database, { startFrom: migratedSnapshot() });
  app = await buildApp({
    config,
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await redis.stop();
});

const PURPOSES = ['live channel (Redis)', 'rate limits (Redis)', 'session cache (Redis)'];
const redisLines = (level: number) =>
  lines.filter((line) => line.level === level && (line.dependency || /redis/i.test(line.msg)));
const perPurpose = (found: Line[]) =>
  Object.fromEntries(PURPOSES.map((name) => [name, found.filter((l) => l.dependency === name).length]));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await pause(100);
}

describe('the log of a Redis outage', () => {
  it('writes one line per purpose while Redis is away, and one per purpose when it is back', async () => {
    const WARN = 40;
    const INFO = 30;
    const ready = async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).json();
    expect(await ready()).toMatchObject({ data: { checks: { redis: 'up' } } });
    lines.length = 0;

    await redis.stop();
    // ioredis retries every few hundred milliseconds at first: dozens of 'error' events per client.
    await pause(5_000);
    expect(redisLines(WARN)).toHaveLength(PURPOSES.length);
    expect(perPurpose(redisLines(WARN))).toEqual(Object.fromEntries(PURPOSES.map((name) => [name, 1])));
    expect(redisLines(INFO)).toHaveLength(0);

    await redis.start();
    await until(() => redisLines(INFO).length >= PURPOSES.length, 15_000);
    await pause(500);
    expect(perPurpose(redisLines(INFO))).toEqual(Object.fromEntries(PURPOSES.map((name) => [name, 1])));
    expect(redisLines(WARN)).toHaveLength(PURPOSES.length);
    expect((await ready()).data.checks.redis).toBe('up');
  }, 40_000);
});
