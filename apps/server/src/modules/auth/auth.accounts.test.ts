import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@escrow/shared/texts/privacy-notice';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { bearer, logIn, signUp } from './auth.test-support.ts';

const CONSENT_REQUIRED = 'Please accept the Privacy Policy to create an account';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/auth/signup', () => {
  it('creates the account, answers the public user and does not sign in', async () => {
    const email = uniqueEmail('signup');
    const res = await post('/api/auth/signup', {
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
      firstName: ' Ada ',
      lastName: 'Lovelace',
      acceptPrivacyNotice: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Account created successfully! Please login to continue.',
      data: {
        user: {
          email: email.toLowerCase(),
          firstName: 'Ada',
          lastName: 'Lovelace',
          role: 'USER',
          profileLabel: 'buyer',
          profilePicture: null,
          verificationLevel: 'BASIC',
          trustScore: 0,
          isVerified: false,
          onboardingCompleted: false,
        },
      },
    });
    expect(Object.keys(body.data)).toEqual(['user']);
    expect(res.body).not.toMatch(/passwordHash|argon2|token/i);
    expect(new Date(body.data.user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses an e-mail already taken in any case with 409 EMAIL_TAKEN', async () => {
    const { email } = await signUp(app);
    const res = await post('/api/auth/signup', {
      email: email.toUpperCase(),
      password: 'another1',
      firstName: 'B',
      lastName: 'C',
      acceptPrivacyNotice: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      error: 'An account with this email already exists',
      requestId: res.headers['x-request-id'],
    });
  });

  it('lets exactly one of several racing sign-ups with the same e-mail win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [email, email.toUpperCase(), email, ` ${email} `, email.toUpperCase()].map((e) =>
        post('/api/auth/signup', {
          email: e,
          password: 'secret1',
          firstName: 'R',
          lastName: 'S',
          acceptPrivacyNotice: true,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it.each([
    [{}, 'email', 'Invalid email address'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: undefined }, 'password', 'Password must be at least 6 characters'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ firstName: undefined }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ lastName: 42 }, 'lastName', 'Last name is required'],
    [{ acceptPrivacyNotice: undefined }, 'acceptPrivacyNotice', CONSENT_REQUIRED],
    [{ acceptPrivacyNotice: false }, 'acceptPrivacyNotice', CONSENT_REQUIRED],
  ])('rejects %j with the spec text on %s', async (override, field, text) => {
    const valid = {
      email: uniqueEmail('v'),
      password: 'secret1',
      firstName: 'A',
      lastName: 'B',
      acceptPrivacyNotice: true,
    };
    const payload: Record<string, unknown> = { ...valid, ...override };
    if (Object.keys(override).length === 0) delete payload.email;
    const res = await post('/api/auth/signup', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: text });
    expect(body.details).toContainEqual({ field, message: text });
  });
});

describe('POST /api/auth/signup: consent to the privacy notice', () => {
  it('records the version served and the time of the clock on the account, and GET /me shows it', async () => {
    const at = new Date('2026-11-20T09:15:00.000Z');
    const realNow = app.deps.clock.now;
    app.deps.clock.now = () => at;
    let account: Awaited<ReturnType<typeof signUp>>;
    try {
      account = await signUp(app);
    } finally {
      app.deps.clock.now = realNow;
    }
    const consent = { version: PRIVACY_NOTICE_VERSION, acceptedAt: at.toISOString() };
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row).toMatchObject({ privacyNoticeVersion: PRIVACY_NOTICE_VERSION, privacyNoticeAcceptedAt: at });
    const token = await logIn(app, account.email, account.password);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().data.user.privacyConsent).toEqual(consent);
    // The profile's other answers carry it too (one mapping from the row).
    const put = await app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { hideAmounts: true },
    });
    expect(put.json().data.user.privacyConsent).toEqual(consent);
  });

  it('shows no consent (null) for an account made without sign-up, as create-admin and the seed make them', async () => {
    const email = uniqueEmail('seeded');
    const password = 'seeded-horse-1';
    await app.deps.db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(password), firstName: 'Seed', lastName: 'Account' });
    const token = await logIn(app, email, password);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.privacyConsent).toBeNull();
  });

  it('refuses a version without a time, and a time without a version, in the database', async () => {
    for (const values of [
      { privacyNoticeVersion: '1.0', privacyNoticeAcceptedAt: null },
      { privacyNoticeVersion: null, privacyNoticeAcceptedAt: new Date() },
    ]) {
      const insert = app.deps.db.insert(users).values({
        email: uniqueEmail('half'),
        passwordHash: 'not-a-hash',
        firstName: 'Half',
        lastName: 'Consent',
        ...values,
      });
      await expect(insert).rejects.toThrow();
    }
  });

  it.each([
    ['missing', undefined],
    ['false', false],
    ['the string "true"', 'true'],
    ['1', 1],
    ['null', null],
    ['an array', [true]],
    ['an object', { accepted: true }],
  ])('refuses %s with 400 on the field, and creates no account', async (_label, value) => {
    const email = uniqueEmail('noconsent');
    const res = await post('/api/auth/signup', {
      email,
      password: 'secret1',
      firstName: 'No',
      lastName: 'Consent',
      acceptPrivacyNotice: value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: CONSENT_REQUIRED });
    expect(res.json().details).toEqual([{ field: 'acceptPrivacyNotice', message: CONSENT_REQUIRED }]);
    const rows = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in case-insensitively and answers the user and a working token', async () => {
    const { email, password, user } = await signUp(app);
    const res = await post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({ id: user.id, email });
    expect(data.token).toEqual(expect.any(String));
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, data: { user: data.user, previousSignInAt: null } });
  });

  it('says when the user signed in before: null through the first session, then the previous start', async () => {
    const { email, password } = await signUp(app);
    const first = (await post('/api/auth/login', { email, password })).json().data;
    expect(first.previousSignInAt).toBeNull();
    const meFirst = (
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(first.token) })
    ).json();
    expect(meFirst.data.previousSignInAt).toBeNull();

    const second = (await post('/api/auth/login', { email, password })).json().data;
    expect(second.previousSignInAt).toEqual(expect.any(String));
    const meSecond = (
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(second.token) })
    ).json();
    expect(meSecond.data.previousSignInAt).toBe(second.previousSignInAt);
    // The first session still is the first sign-in, however many came after it.
    const again = (
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(first.token) })
    ).json();
    expect(again.data.previousSignInAt).toBeNull();
  });

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    const { email } = await signUp(app);
    const wrong = await post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'whatever' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        error: 'Invalid email or password',
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it.each([
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address'],
    [{ password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [{ email: 'a@example.com' }, 'Password is required'],
  ])('validates %j with the spec text', async (payload, text) => {
    const res = await post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: text });
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('needs a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      error: 'Authentication required',
      requestId: res.headers['x-request-id'],
    });
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer('eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl'),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('Invalid or expired token');
  });

  it('revokes only the current session; that token then gets 401 everywhere', async () => {
    const { email, password } = await signUp(app);
    const first = await logIn(app, email, password);
    const second = await logIn(app, email, password);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, data: null });
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['PUT', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(first), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const stillIn = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(second) });
    expect(stillIn.statusCode).toBe(200);
  });

  it('needs a token to log out', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every auth route under the auth tag', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes = [
      ['post', '/api/auth/signup'],
      ['post', '/api/auth/login'],
      ['post', '/api/auth/logout'],
      ['get', '/api/auth/me'],
      ['put', '/api/auth/me'],
      ['put', '/api/auth/change-password'],
      ['post', '/api/auth/reset-password'],
      ['post', '/api/auth/set-new-password'],
    ];
    for (const [method, path] of routes) {
      expect(doc.paths[path!]?.[method!]?.tags, `${method} ${path}`).toEqual(['auth']);
    }
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
