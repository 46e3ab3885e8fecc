import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { bearer, logIn, signUp } from './auth.test-support.ts';

let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  const account = await signUp(app);
  token = await logIn(app, account.email, account.password);
});
afterAll(async () => {
  await app.close();
});

/** Bad input must get a 4xx envelope with a code: never a 500, never a success. */
async function expectRefused(options: InjectOptions, status?: number) {
  const res = await app.inject(options);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (status) expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.code).toEqual(expect.any(String));
  expect(body.error).toEqual(expect.any(String));
  return body as { code: string; error: string };
}

const json = { 'content-type': 'application/json' };
const CONSENT_REQUIRED = 'Please accept the Privacy Policy to create an account';
const routes = [
  { method: 'POST', url: '/api/auth/signup' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'PUT', url: '/api/auth/me', auth: true },
  { method: 'PUT', url: '/api/auth/change-password', auth: true },
  { method: 'POST', url: '/api/auth/reset-password' },
  { method: 'POST', url: '/api/auth/set-new-password' },
] as const;

describe.each(routes)('$method $url refuses malformed requests', (route) => {
  const base = () => ({
    method: route.method,
    url: route.url,
    headers: { ...json, ...('auth' in route ? bearer(token) : {}) },
  });

  it('malformed JSON', async () => {
    const body = await expectRefused({ ...base(), payload: '{"email": "a@b.co", ' }, 400);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', error: 'Malformed JSON body' });
  });
  it('an empty body with a JSON content type', () => expectRefused({ ...base(), payload: '' }, 400));
  it('no body at all', () =>
    expectRefused(
      { method: route.method, url: route.url, headers: 'auth' in route ? bearer(token) : {} },
      400,
    ));
  it('an array, a string and null instead of an object', async () => {
    for (const payload of ['[]', '"text"', 'null']) await expectRefused({ ...base(), payload }, 400);
  });
  it('a prototype-polluting key', async () => {
    await expectRefused({ ...base(), payload: '{"__proto__": {"role": "ADMIN"}, "email": "a@b.co"}' }, 400);
  });
  it('a body over BODY_LIMIT_BYTES', async () => {
    const oversized = JSON.stringify({ email: 'x'.repeat(app.deps.config.BODY_LIMIT_BYTES) });
    const body = await expectRefused({ ...base(), payload: oversized }, 413);
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
  });
  it('plain text (parsed as a string, so not an object)', () =>
    expectRefused(
      { ...base(), headers: { ...base().headers, 'content-type': 'text/plain' }, payload: 'hi' },
      400,
    ));
  it('an unsupported content type', async () => {
    const headers = { ...base().headers, 'content-type': 'application/xml' };
    const body = await expectRefused({ ...base(), headers, payload: '<a/>' }, 415);
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('hostile values', () => {
  const signup = (fields: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: uniqueEmail('h'),
        password: 'secret1',
        firstName: 'A',
        lastName: 'B',
        acceptPrivacyNotice: true,
        ...fields,
      },
    });

  it.each([
    ['10 000-character first name', { firstName: 'x'.repeat(10_000) }, 'Name must be at most 60 characters'],
    ['10 000-character last name', { lastName: 'x'.repeat(10_000) }, 'Name must be at most 60 characters'],
    [
      '10 000-character password',
      { password: 'x'.repeat(10_000) },
      'Password must be at most 128 characters',
    ],
    ['10 000-character e-mail', { email: `${'x'.repeat(10_000)}@example.com` }, 'Invalid email address'],
    ['a script tag as name', { firstName: '<script>alert(1)</script>' }, 'Name contains invalid characters'],
    ['a NUL byte in a name', { lastName: 'Obi\u0000' }, 'Name contains invalid characters'],
    [
      'a header injection in a name',
      { lastName: 'Obi\r\nBcc: x@evil.test' },
      'Name contains invalid characters',
    ],
    ['a script tag as e-mail', { email: '<script>@example.com' }, 'Invalid email address'],
    ['SQL as e-mail', { email: "x' OR '1'='1" }, 'Invalid email address'],
    ['a unicode e-mail', { email: 'ünïcödé@exämple.com' }, 'Invalid email address'],
    ['an array as e-mail', { email: ['a@b.co'] }, 'Invalid email address'],
    ['an operator object as name', { firstName: { $ne: null } }, 'First name is required'],
    ['consent as the string "true"', { acceptPrivacyNotice: 'true' }, CONSENT_REQUIRED],
    ['consent as "yes"', { acceptPrivacyNotice: 'yes' }, CONSENT_REQUIRED],
    ['consent as 1', { acceptPrivacyNotice: 1 }, CONSENT_REQUIRED],
    ['consent as an operator object', { acceptPrivacyNotice: { $ne: false } }, CONSENT_REQUIRED],
    ['consent as [true]', { acceptPrivacyNotice: [true] }, CONSENT_REQUIRED],
    ['consent as null', { acceptPrivacyNotice: null }, CONSENT_REQUIRED],
    ['consent as a 10 000-character string', { acceptPrivacyNotice: 't'.repeat(10_000) }, CONSENT_REQUIRED],
  ])('sign-up refuses %s', async (_label, fields, text) => {
    const res = await signup(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: text });
  });

  it('stores quotes and unicode in names verbatim (parameterised, not interpreted)', async () => {
    const email = `o'neil--${uniqueEmail('quote')}`;
    const res = await signup({
      email,
      firstName: "Robert'); DROP TABLE users;--",
      lastName: 'Ọlámidé 李 🚀',
      password: "' OR 1=1 --",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({
      email,
      firstName: "Robert'); DROP TABLE users;--",
      lastName: 'Ọlámidé 李 🚀',
    });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: "' OR '1'='1" },
    });
    expect(wrong.statusCode).toBe(401);
    await logIn(app, email, "' OR 1=1 --");
  });

  it('login refuses a 10 000-character password without hashing it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(10_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Password must be at most 128 characters');
  });

  it.each([
    ['an empty bearer', 'Bearer'],
    ['a blank bearer', 'Bearer '],
    ['a 5000-character bearer', `Bearer ${'a'.repeat(5000)}`],
    ['basic credentials', 'Basic dXNlcjpwYXNz'],
    ['SQL', "Bearer ' OR 1=1 --"],
    ['an unsigned JWT', 'Bearer eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4Iiwic3ViIjoieCJ9.'],
  ])('refuses an authorization header with %s (401)', async (_label, authorization) => {
    const body = await expectRefused({ method: 'GET', url: '/api/auth/me', headers: { authorization } }, 401);
    expect(body.code).toBe('UNAUTHORIZED');
  });
});
