import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createUser, type TestUser } from '../testing/test-kit.ts';
import { GENEROUS_LIMITS } from '../testing/generous-limits.ts';
import { uniqueEmail } from '../testing/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Spans on PostgreSQL (node-postgres, a pool) and Redis, which PGlite runs do not reach: statements
 * are children of their own request also when requests wait for the pool's one connection (pg-pool
 * hands it over from the request that released it), and Redis commands are children too.
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))('tracing on PostgreSQL and Redis', () => {
  const exporter = new InMemorySpanExporter();
  let database: Database;
  let app: App;
  let user: TestUser;

  beforeAll(async () => {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-tracing-pg-')),
        JWT_SECRET: 'tracing-test-secret-that-is-long-enough-0123',
        IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
        WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
        ...GENEROUS_LIMITS,
        RATE_LIMIT_REDIS_PREFIX: `test-tracing:${process.pid}:`,
        DATABASE_URL: inject('databaseUrl'),
        // One connection: concurrent requests queue for it.
        DATABASE_POOL_MAX: '1',
        REDIS_URL: redisUrl!,
      },
      { memoryDatabase: true },
    );
    database = await openDatabase(config.database, { traced: true });
    app = await buildApp({ config, database, spanProcessor: new SimpleSpanProcessor(exporter) });
    await app.ready();
    user = await createUser(app, 'Ada');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const rootOf = (requestId: string) =>
    vi.waitFor(() => {
      const root = exporter.getFinishedSpans().find((s) => s.attributes['app.request.id'] === requestId);
      expect(root).toBeDefined();
      return root!;
    });
  const childrenOf = (root: ReadableSpan) =>
    exporter.getFinishedSpans().filter((s) => s.parentSpanContext?.spanId === root.spanContext().spanId);

  it('makes Redis commands and statements children of the request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: uniqueEmail('traced'),
        password: 'correct-horse-1',
        firstName: 'Ada',
        lastName: 'Obi',
        acceptPrivacyNotice: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const children = childrenOf(await rootOf(res.headers['x-request-id'] as string));
    const redis = children.filter((s) => s.attributes['db.system'] === 'redis');
    expect(redis.length).toBeGreaterThan(0);
    expect(redis[0]!.name).toMatch(/^redis [A-Z]+$/);
    const statements = children.filter((s) => s.attributes['db.system'] === 'postgresql');
    expect(statements.map((s) => s.name)).toContain('INSERT users');
    expect(JSON.stringify(children.map((s) => s.attributes))).not.toContain('traced.');
  });

  it('keeps each statement in its own request when requests queue for the connection', async () => {
    const status = () =>
      app.inject({ method: 'GET', url: '/api/verification/status', headers: user.headers });
    // Warm: the session is then served from the cache, so every request below runs the same statements.
    const alone = childrenOf(await rootOf((await status()).headers['x-request-id'] as string));
    const expected = childrenOf(await rootOf((await status()).headers['x-request-id'] as string)).length;
    expect(alone.length).toBeGreaterThan(0);
    const together = await Promise.all(Array.from({ length: 6 }, status));
    for (const res of together) {
      expect(res.statusCode).toBe(200);
      expect(childrenOf(await rootOf(res.headers['x-request-id'] as string))).toHaveLength(expected);
    }
  });
});
