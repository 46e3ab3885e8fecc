import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactQuery } from '../app.ts';
import { ConfigError, loadConfig } from './env.ts';

const base = { DATA_DIR: '/tmp/escrow-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('configuration', () => {
  it('applies defaults: embedded database, sandbox payments, no proxy trusted', () => {
    const config = loadConfig(base, { memoryDatabase: true });
    expect(config.PORT).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: null });
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.trustProxy).toBe(false);
  });

  it('defaults the sign-in and request limits, and refuses the replaced per-account setting', () => {
    const config = loadConfig(base, { memoryDatabase: true });
    expect(config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP).toBe(10);
    expect(config.LOGIN_MAX_FAILURES_PER_IP).toBe(20);
    expect(config.RATE_LIMIT_SIGNUP_PER_HOUR_PER_IP).toBe(20);
    expect(config.RATE_LIMIT_RESET_PER_HOUR_PER_EMAIL).toBe(5);
    expect(config.RATE_LIMIT_JOIN_FAILURES_PER_HOUR).toBe(10);
    expect(config.RATE_LIMIT_UPLOADS_PER_HOUR).toBe(60);
    expect(config.RATE_LIMIT_MESSAGES_PER_MINUTE).toBe(60);
    expect(() => loadConfig({ ...base, LOGIN_MAX_FAILURES_PER_ACCOUNT: '5' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT_IP/,
    );
  });

  it('uses PostgreSQL and Paystack when configured', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://u@h/db',
      PAYSTACK_SECRET_KEY: 'sk_test_x',
      IDENTITY_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    // The pool is sized to the machine unless DATABASE_POOL_MAX says otherwise.
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
      poolMax: availableParallelism() * 2 + 1,
    });
    expect(config.paymentProvider).toBe('paystack');
    expect(config.seedDemo).toBe(false);
  });

  it('creates demo accounts outside production only, whatever SEED_DEMO says', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
  });

  it('parses TRUST_PROXY as a flag, a hop count or a list', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
    const hops = loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
  });
});

describe('identity settings', () => {
  it('uses the sandbox by default and Dojah when both keys are set; dojah without keys stops start-up', () => {
    expect(loadConfig(base).identityProvider).toBe('sandbox');
    expect(loadConfig({ ...base, DOJAH_APP_ID: 'a', DOJAH_SECRET_KEY: 'b' }).identityProvider).toBe('dojah');
    expect(() => loadConfig({ ...base, IDENTITY_PROVIDER: 'dojah' })).toThrow(/DOJAH_APP_ID/);
  });

  it('takes a 32-byte key (hex or base64), refuses anything else, and generates one that survives restarts', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ ...base, IDENTITY_ENCRYPTION_KEY: hex }).identityKey).toEqual(
      Buffer.from(hex, 'hex'),
    );
    expect(
      loadConfig({ ...base, IDENTITY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).identityKey,
    ).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ ...base, IDENTITY_ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-key-'));
    const first = loadConfig({ ...base, DATA_DIR: dataDir }).identityKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).identityKey).toEqual(first);
    expect(statSync(path.join(dataDir, 'identity-key')).mode & 0o777).toBe(0o600);
  });
});

describe('request log redaction', () => {
  it('removes secrets from logged query strings', () => {
    expect(redactQuery('/reset-password?token=abc123&next=1')).toBe(
      '/reset-password?token=[redacted]&next=1',
    );
    expect(redactQuery('/x?a=1&resetToken=zzz')).toBe('/x?a=1&resetToken=[redacted]');
    expect(redactQuery('/api/health')).toBe('/api/health');
  });

  it('with DATABASE_URL refuses to start without JWT_SECRET or the identity key, naming each and how to make it; tools go on', () => {
    const shared = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-secrets-')),
      DATABASE_URL: 'postgres://u@h/db',
    };
    expect(() => loadConfig(shared)).toThrow(ConfigError);
    expect(() => loadConfig(shared)).toThrow(
      /JWT_SECRET: required when DATABASE_URL is set .*openssl rand -base64 48/,
    );
    expect(() => loadConfig(shared)).toThrow(
      /IDENTITY_ENCRYPTION_KEY: required when DATABASE_URL is set .*openssl rand -base64 32/,
    );
    expect(() => loadConfig({ ...shared, JWT_SECRET: 'y'.repeat(40) })).toThrow(/IDENTITY_ENCRYPTION_KEY/);
    // Nothing was generated for this instance alone.
    expect(existsSync(path.join(shared.DATA_DIR, 'jwt-secret'))).toBe(false);
    expect(loadConfig(shared, { tool: true }).jwtSecret).toHaveLength(64);
    expect(existsSync(path.join(shared.DATA_DIR, 'identity-key'))).toBe(false);
    const key = Buffer.alloc(32, 7).toString('base64');
    const complete = loadConfig({ ...shared, JWT_SECRET: 'y'.repeat(40), IDENTITY_ENCRYPTION_KEY: key });
    expect(complete.jwtSecret).toBe('y'.repeat(40));
    expect(complete.identityKey).toEqual(Buffer.alloc(32, 7));
  });

  it('on the embedded database generates the secret once and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-secrets-'));
    const first = loadConfig({ DATA_DIR: dataDir }, { memoryDatabase: true }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }, { memoryDatabase: true }).jwtSecret).toBe(first);
  });

  it('checks the storage settings: S3 needs a bucket, keys come in pairs', () => {
    expect(loadConfig(base).STORAGE).toBe('disk');
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'amana', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /set both or neither/,
    );
    const s3 = loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'amana', S3_FORCE_PATH_STYLE: 'true' });
    expect(s3).toMatchObject({ S3_BUCKET: 'amana', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(() => loadConfig({ ...base, STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });
});
