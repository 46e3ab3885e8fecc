import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';

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
  database = await openDatabase(config.database);
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
});
