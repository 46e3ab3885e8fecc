import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser } from '../../testing/test-kit.ts';
import { enrol, passwordStep, signedUp, testClock, type Account } from './two-factor.test-support.ts';

/** Every new route refuses bad input with a 4xx envelope: never a 500, never a success. */
let app: App;
let account: Account;
let adminHeaders: Record<string, string>;
let challenge: string;
beforeAll(async () => {
  app = await createTestApp();
  const clock = testClock(app);
  account = await signedUp(app);
  const enrolled = await signedUp(app);
  await enrol(app, enrolled, clock);
  challenge = (await passwordStep(app, enrolled.email, enrolled.password)).challenge as string;
  adminHeaders = (await createUser(app, 'Kemi', 'ADMIN')).headers;
});
afterAll(async () => {
  await app.close();
});

async function expectRefused(options: InjectOptions, status?: number) {
  const res = await app.inject(options);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (status) expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code: expect.any(String), error: expect.any(String) });
  return body as { code: string };
}

const json = { 'content-type': 'application/json' };
const routes = [
  { url: '/api/auth/2fa/enable', fields: { code: '123456' }, auth: 'user' },
  { url: '/api/auth/2fa/verify', fields: { challenge: 'c', code: '123456' }, auth: null },
  { url: '/api/auth/2fa/disable', fields: { password: 'p', code: '123456' }, auth: 'user' },
  { url: '/api/auth/2fa/recovery-codes', fields: { code: '123456' }, auth: 'user' },
  { url: '/api/admin/users/USER/two-factor/reset', fields: { reason: 'Lost phone' }, auth: 'admin' },
] as const;

describe.each(routes)('POST $url refuses malformed requests', (route) => {
  const headers = () => ({
    ...json,
    ...(route.auth === 'user' ? account.headers : route.auth === 'admin' ? adminHeaders : {}),
  });
  const url = () => route.url.replace('USER', account.id);
  const send = (payload: string, status?: number) =>
    expectRefused({ method: 'POST', url: url(), headers: headers(), payload }, status);

  it('no body, malformed JSON, and non-objects', async () => {
    const { 'content-type': _json, ...withoutBody } = headers();
    await expectRefused({ method: 'POST', url: url(), headers: withoutBody }, 400);
    await send('{"code": ', 400);
    for (const payload of ['[]', '"text"', 'null', '42']) await send(payload, 400);
  });

  it('each field missing, of the wrong type, or oversized', async () => {
    for (const field of Object.keys(route.fields)) {
      const rest = { ...route.fields } as Record<string, unknown>;
      delete rest[field];
      await send(JSON.stringify(rest), 400);
      for (const value of [null, 123456, true, ['123456'], { $gt: '' }, 'x'.repeat(10_000)])
        await send(JSON.stringify({ ...route.fields, [field]: value }), 400);
    }
  });

  it('extra keys', () => send(JSON.stringify({ ...route.fields, role: 'ADMIN' }), 400));

  it('a body over BODY_LIMIT_BYTES', async () => {
    const oversized = JSON.stringify({ code: 'x'.repeat(app.deps.config.BODY_LIMIT_BYTES) });
    expect((await send(oversized, 413)).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('the other new inputs', () => {
  it('codes that are not codes, and a challenge too long, are 400 without touching the challenge', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '12345-abcde-x', '１２３４５６', '12 34 5'])
      expect(
        (
          await expectRefused(
            { method: 'POST', url: '/api/auth/2fa/verify', payload: { challenge, code } },
            400,
          )
        ).code,
      ).toBe('VALIDATION_ERROR');
    await expectRefused(
      {
        method: 'POST',
        url: '/api/auth/2fa/verify',
        payload: { challenge: 'c'.repeat(201), code: '123456' },
      },
      400,
    );
    // Validation came first: the challenge counted none of them.
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge, code: '000000' },
    });
    expect(res.json().details).toEqual({ attemptsLeft: 4 });
  });

  it('refuses an oversized X-Two-Factor-Code header and one that is not a code', async () => {
    const withdraw = (code: string) =>
      expectRefused({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: { ...account.headers, 'x-two-factor-code': code },
        payload: { amount: 100, bankAccountId: '00000000-0000-0000-0000-000000000000' },
      });
    await withdraw('9'.repeat(500));
    await withdraw('<script>');
  });

  it('the new routes need a session (verify aside)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/auth/2fa', undefined],
      ['POST', '/api/auth/2fa/setup', undefined],
      ['POST', '/api/auth/2fa/enable', { code: '123456' }],
      ['POST', '/api/auth/2fa/disable', { password: 'p', code: '123456' }],
      ['POST', '/api/auth/2fa/recovery-codes', { code: '123456' }],
    ] as const)
      await expectRefused({ method, url, ...(payload ? { payload } : {}) }, 401);
  });
});
