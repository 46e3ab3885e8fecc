import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { migratedSnapshot } from '../../testing/test-app.ts';
import { GENEROUS_LIMITS } from '../../testing/generous-limits.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { downProvider, textsTo, uniquePhone } from './phone.test-support.ts';

/**
 * A verification code travels only in the text message: every HTTP answer of a whole verification
 * (codes sent, wrong codes up to the end of one, an expired one, the right one, a provider failure, the
 * status read between them) and every log line the production logger writes at trace level are searched
 * for every code the sandbox sent. The app is the production one with its logger writing here.
 */
const logLines: string[] = [];
let app: App;

beforeAll(async () => {
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-phone-')),
      JWT_SECRET: 'phone-secret-that-is-long-enough-0123456789',
      IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
      ...GENEROUS_LIMITS,
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      DATABASE_POOL_MAX: '5',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { memoryDatabase: true },
  );
  const database = await openDatabase(config.database, { startFrom: migratedSnapshot() });
  app = await buildApp({ config, database, logStream: { write: (line) => void logLines.push(line) } });
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('a verification code never leaves the text message', () => {
  it('is in no answer and no log line of a whole verification', async () => {
    const answers: string[] = [];
    const call = async (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
      answers.push(JSON.stringify(res.headers), res.body);
      return res;
    };
    const user = await createUser(app, 'Secret');
    const phone = uniquePhone();
    const codeOf = async () => /\b(\d{6})\b/.exec((await textsTo(app, phone.e164)).at(-1)!.body)![1]!;

    // A code that expires, one used up by wrong guesses, then one that verifies.
    expect((await call(user, 'POST', '/api/auth/phone', { phone: phone.local })).statusCode).toBe(200);
    const expired = await codeOf();
    const realNow = app.deps.clock.now;
    app.deps.clock.now = () => new Date(Date.now() + 11 * 60_000);
    expect((await call(user, 'POST', '/api/auth/phone/verify', { code: expired })).statusCode).toBe(400);
    app.deps.clock.now = realNow;
    expect((await call(user, 'POST', '/api/auth/phone', { phone: phone.local })).statusCode).toBe(200);
    const guessed = await codeOf();
    for (let n = 0; n < 5; n += 1) {
      const wrong = String((Number(guessed) + 1 + n) % 1_000_000).padStart(6, '0');
      expect((await call(user, 'POST', '/api/auth/phone/verify', { code: wrong })).statusCode).toBe(400);
    }
    expect((await call(user, 'POST', '/api/auth/phone/verify', { code: guessed })).statusCode).toBe(400);
    await call(user, 'GET', '/api/auth/phone');
    expect((await call(user, 'POST', '/api/auth/phone', { phone: phone.local })).statusCode).toBe(200);
    const right = await codeOf();
    await call(user, 'GET', '/api/auth/phone');
    expect((await call(user, 'POST', '/api/auth/phone/verify', { code: right })).statusCode).toBe(200);
    // A provider failure logs why, never what it was asked to send.
    const sandbox = app.deps.messaging;
    app.deps.messaging = downProvider();
    const other = await createUser(app, 'Unlucky');
    expect((await call(other, 'POST', '/api/auth/phone', { phone: uniquePhone().local })).statusCode).toBe(
      503,
    );
    app.deps.messaging = sandbox;

    const codes = [expired, guessed, right];
    expect(new Set(codes).size).toBeGreaterThan(1);
    const logs = logLines.join('\n');
    expect(logs).toContain('phone code sent');
    expect(logs).toContain('phone code not sent');
    expect(logs).toContain('text message written to outbox');
    for (const code of codes) {
      // Each code is a 6-digit number: look for it as a number, not inside ids or timestamps.
      const alone = new RegExp(`(?<![0-9a-f-])${code}(?![0-9a-f-])`);
      expect(
        answers.filter((text) => alone.test(text)),
        `code ${code} in an answer`,
      ).toEqual([]);
      expect(
        logLines.filter((line) => alone.test(line)),
        `code ${code} in a log line`,
      ).toEqual([]);
    }
    // The numbers are logged masked only.
    expect(logs).not.toContain(phone.e164);
    expect(logs).not.toContain(phone.local);
  });
});
