import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migratedSnapshot } from './testing/test-app.ts';

const lines: Record<string, unknown>[] = [];
let app: App;
let database: Database;

beforeAll(async () => {
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-log-')),
      JWT_SECRET: 'log-test-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      SCHEDULER_ENABLED: 'false',
    },
    { memoryDatabase: true },
  );
  database = await openDatabase(config.database, { startFrom: migratedSnapshot() });
  app = await buildApp({
    config,
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request log (production logger)', () => {
  it('writes one line per request, with status and time, and no credentials', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/verify?token=secret-reset-token',
      headers: { authorization: 'Bearer not.a.real.token.value' },
    });
    const requestLines = lines.filter((l) => l.msg === 'request completed');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      level: 30,
      req: { method: 'GET', url: '/api/auth/reset-password/verify?token=[redacted]' },
      res: { statusCode: res.statusCode },
    });
    expect(typeof requestLines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-reset-token');
    expect(JSON.stringify(lines)).not.toContain('not.a.real.token');
  });

  it('carries only the serializers fixed fields (why it may skip the redaction pass)', async () => {
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: '/api/auth/login?token=in-the-query',
      headers: { authorization: 'Bearer header.token.value', cookie: 'sid=cookie-value' },
      payload: { email: 'someone@example.com', password: 'body-password' },
    });
    const [line] = lines.filter((l) => l.msg === 'request completed');
    expect(Object.keys(line!).sort()).toEqual(
      ['hostname', 'level', 'msg', 'pid', 'reqId', 'req', 'res', 'responseTime', 'time'].sort(),
    );
    expect(Object.keys(line!.req as object).sort()).toEqual(['method', 'remoteAddress', 'url']);
    expect(Object.keys(line!.res as object)).toEqual(['statusCode']);
    for (const secret of ['in-the-query', 'header.token', 'cookie-value', 'body-password'])
      expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('still redacts credentials on every other line', () => {
    lines.length = 0;
    app.log.info({ body: { password: 'p1', resetToken: 'r1', nin: '12345678901' } }, 'other line');
    expect(lines[0]).toMatchObject({
      body: { password: '[Redacted]', resetToken: '[Redacted]', nin: '[Redacted]' },
    });
  });
});
