import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { migratedSnapshot } from '../../testing/test-app.ts';
import { bearer } from '../auth/auth.test-support.ts';
import { codeAt, testClock, type TestClock } from './two-factor.test-support.ts';
import { staffTwoFactorWarning } from './two-factor.routes.ts';

/**
 * The production logger at its most talkative, through a whole two-factor journey: no secret, code,
 * recovery code or challenge may reach a log line. And STAFF_TWO_FACTOR set in production is warned about.
 */
const lines: Record<string, unknown>[] = [];
let app: App;
let database: Database;
let clock: TestClock;
const config = (env: Record<string, string>) =>
  loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'trace',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-2fa-log-')),
      JWT_SECRET: 'two-factor-log-test-secret-long-enough-0123456789',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      SCHEDULER_ENABLED: 'false',
      ...env,
    },
    { memoryDatabase: true },
  );

beforeAll(async () => {
  const production = config({ STAFF_TWO_FACTOR: 'optional' });
  database = await openDatabase(production.database, { startFrom: migratedSnapshot() });
  app = await buildApp({
    config: production,
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
  clock = testClock(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('STAFF_TWO_FACTOR in production', () => {
  it('is required by default there and optional elsewhere', () => {
    expect(config({}).staffTwoFactor).toBe('required');
    expect(config({ NODE_ENV: 'development' }).staffTwoFactor).toBe('optional');
    expect(staffTwoFactorWarning(config({}))).toBeNull();
    expect(
      staffTwoFactorWarning(config({ NODE_ENV: 'development', STAFF_TWO_FACTOR: 'optional' })),
    ).toBeNull();
    expect(staffTwoFactorWarning(config({ STAFF_TWO_FACTOR: 'required' }))).toMatch(/already the default/);
  });

  it('logs a warning at start-up when set explicitly', () => {
    const warning = lines.find((line) => String(line.msg).startsWith('STAFF_TWO_FACTOR'));
    expect(warning).toMatchObject({
      level: 40,
      msg: 'STAFF_TWO_FACTOR=optional in production: SUPPORT and ADMIN can act without two-factor sign-in',
    });
  });
});

describe('secrets and codes in the logs', () => {
  it('never logs the secret, a code, a recovery code or a challenge', async () => {
    const secrets: string[] = [];
    const post = async (url: string, payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers });
    const email = `two-factor-log.${Date.now()}@example.com`;
    const password = 'log-journey-password-1';
    await post('/api/auth/signup', {
      email,
      password,
      firstName: 'Lola',
      lastName: 'Ade',
      acceptPrivacyNotice: true,
    });
    const login = async () => (await post('/api/auth/login', { email, password })).json().data;
    const session = bearer((await login()).token);

    const setup = (await post('/api/auth/2fa/setup', {}, session)).json().data;
    secrets.push(setup.secret, setup.otpauthUrl);
    const code = () => {
      const value = codeAt(setup.secret, clock.now());
      clock.nextStep();
      secrets.push(value);
      return value;
    };
    const enabled = await post('/api/auth/2fa/enable', { code: code() }, session);
    expect(enabled.statusCode).toBe(200);
    const recoveryCodes: string[] = enabled.json().data.recoveryCodes;
    secrets.push(...recoveryCodes);

    const first = await login();
    secrets.push(first.challenge);
    expect(
      (await post('/api/auth/2fa/verify', { challenge: first.challenge, code: '000000' })).statusCode,
    ).toBe(400);
    const verified = await post('/api/auth/2fa/verify', { challenge: first.challenge, code: code() });
    expect(verified.statusCode).toBe(200);
    const second = await login();
    secrets.push(second.challenge);
    const recovered = await post('/api/auth/2fa/verify', {
      challenge: second.challenge,
      code: recoveryCodes[0]!,
    });
    expect(recovered.statusCode).toBe(200);

    const withdraw = await post(
      '/api/wallet/withdraw',
      { amount: 100, bankAccountId: '00000000-0000-0000-0000-000000000000' },
      { ...session, 'x-two-factor-code': code() },
    );
    expect(withdraw.statusCode).toBeLessThan(500);
    expect((await post('/api/auth/2fa/recovery-codes', { code: code() }, session)).statusCode).toBe(200);
    expect((await post('/api/auth/2fa/disable', { password, code: code() }, session)).statusCode).toBe(200);

    expect(lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThan(10);
    // Numbers (times, ids of processes, durations) are left out: a 6-digit code could match their digits.
    const logged = JSON.stringify(lines, (_key, value: unknown) =>
      typeof value === 'number' ? undefined : value,
    );
    for (const secret of [...secrets, password]) expect(logged).not.toContain(secret);
  });
});
