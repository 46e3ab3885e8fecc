import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '@escrow/shared/i18n/catalogues/index';
import { AUTH_TEXT } from '@escrow/shared/schemas/auth';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { bearer, logIn, signUp } from './auth.test-support.ts';

/** The account's language and the answers' language (docs/languages.md). */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const inLanguage = (language: 'yo' | 'ha', id: string) => {
  const text = CATALOGUES[language]?.[id];
  if (!text || text === id) throw new Error(`no ${language} translation of "${id}"`);
  return text;
};
const signUpWith = (payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers,
    payload: {
      email: uniqueEmail('lang'),
      password: 'correct-horse-1',
      firstName: 'Bísí',
      lastName: 'Adé',
      acceptPrivacyNotice: true,
      ...payload,
    },
  });
const putMe = (token: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: '/api/auth/me', headers: { ...bearer(token), ...headers }, payload });

describe('the language saved at sign-up', () => {
  it.each([
    [{ language: 'ha' }, { 'accept-language': 'yo' }, 'ha'],
    [{}, { 'accept-language': 'fr-FR, yo-NG;q=0.8, en;q=0.5' }, 'yo'],
    [{}, { 'accept-language': 'pcm' }, 'pcm'],
    [{}, { 'accept-language': 'fr' }, 'en'],
    [{}, {}, 'en'],
  ])('body %j, headers %j → %s', async (body, headers, expected) => {
    const res = await signUpWith(body, headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.language).toBe(expected);
  });

  it.each([['fr'], ['YO'], [''], [7], [null], ['yo'.repeat(5000)]])(
    'refuses language %j',
    async (language) => {
      const res = await signUpWith({ language });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    },
  );
});

describe('PUT /api/auth/me { language }', () => {
  it('saves it, and GET /auth/me shows it', async () => {
    const { email, password } = await signUp(app);
    const token = await logIn(app, email, password);
    const res = await putMe(token, { language: 'ig' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.language).toBe('ig');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().data.user.language).toBe('ig');
    expect((await putMe(token, { language: 'de' })).statusCode).toBe(400);
  });
});

describe("answers in the reader's language", () => {
  it('writes a validation message in the Accept-Language language, with the same code', async () => {
    const english = await signUpWith({ email: 'not-an-email' });
    const yoruba = await signUpWith({ email: 'not-an-email' }, { 'accept-language': 'yo-NG' });
    expect(english.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: AUTH_TEXT.invalidEmail });
    expect(yoruba.statusCode).toBe(400);
    expect(yoruba.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: inLanguage('yo', AUTH_TEXT.invalidEmail),
      details: [{ field: 'email', message: inLanguage('yo', AUTH_TEXT.invalidEmail) }],
    });
  });

  it("takes the account's saved language before Accept-Language, for failures and success messages", async () => {
    const { email, password } = await signUp(app);
    const token = await logIn(app, email, password);
    const saved = await putMe(token, { language: 'ha' }, { 'accept-language': 'yo' });
    expect(saved.json().message).toBe(inLanguage('ha', AUTH_TEXT.profileUpdated));
    const refused = await putMe(token, { email: uniqueEmail('lang-new') }, { 'accept-language': 'yo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(inLanguage('ha', AUTH_TEXT.currentPasswordNeededForEmail));
    const back = await putMe(token, { language: 'en' }, { 'accept-language': 'yo' });
    expect(back.json().message).toBe(AUTH_TEXT.profileUpdated);
  });
});
