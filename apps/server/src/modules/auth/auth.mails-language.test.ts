import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '@escrow/shared/i18n/catalogues/index';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { bearer, logIn, mailsTo, signUp } from './auth.test-support.ts';

/** The account's e-mails are written in its saved language (docs/languages.md); English ones as before. */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const PRODUCT = 'Amana Escrow';

/** The Yoruba catalogue's text of a message, its placeholders filled in (plain ones only). */
function inYoruba(id: string, params: Record<string, string | number> = {}): string {
  const text = CATALOGUES.yo?.[id];
  if (!text || text === id) throw new Error(`no yo translation of "${id}"`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const requestReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });

describe('the password reset e-mail', () => {
  it("is written in a Yoruba account's language, from subject to signature", async () => {
    const account = await signUp(app, { language: 'yo', firstName: 'Bísí' });
    expect((await requestReset(account.email)).statusCode).toBe(200);
    const [mail] = await mailsTo(app, account.email);
    expect(mail).toBeDefined();
    const ttlMinutes = app.deps.config.RESET_TOKEN_TTL_MINUTES;

    expect(mail!.subject).toBe(inYoruba('Reset your {product} password', { product: PRODUCT }));
    const paragraphs = mail!.text.split('\n\n');
    expect(paragraphs[0]).toBe(inYoruba('Hello {firstName},', { firstName: 'Bísí' }));
    expect(paragraphs[1]).toBe(
      inYoruba(
        'Someone (hopefully you) asked to reset the password of your {product} account. Open the link below to choose a new password. It works once and expires in {ttlMinutes} minutes.',
        { product: PRODUCT, ttlMinutes },
      ),
    );
    expect(paragraphs[2]).toBe(
      inYoruba('If you did not ask for this, ignore this e-mail: your password stays the same.'),
    );
    expect(paragraphs[3]).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]+$/);
    expect(paragraphs[4]).toBe(inYoruba('The {product} team', { product: PRODUCT }));
    expect(mail!.html).toContain('<div lang="yo">');
    expect(mail!.html).toContain(`>${inYoruba('Choose a new password')}</a>`);
    expect(mail!.text).not.toMatch(/Hello|Someone|password stays|team/);
  });

  it('is unchanged for an English account', async () => {
    const account = await signUp(app, { language: 'en' });
    expect((await requestReset(account.email)).statusCode).toBe(200);
    const [mail] = await mailsTo(app, account.email);
    const ttlMinutes = app.deps.config.RESET_TOKEN_TTL_MINUTES;
    const link = /http\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail!.text)![0];

    expect(mail!.subject).toBe('Reset your Amana Escrow password');
    expect(mail!.text).toBe(
      [
        'Hello Chiamaka,',
        `Someone (hopefully you) asked to reset the password of your Amana Escrow account. Open the link below to choose a new password. It works once and expires in ${ttlMinutes} minutes.`,
        'If you did not ask for this, ignore this e-mail: your password stays the same.',
        link,
        'The Amana Escrow team',
      ].join('\n\n'),
    );
    expect(mail!.html).toContain('<div lang="en-NG">');
    expect(mail!.html).toContain('>Choose a new password</a>');
  });
});

describe('the password changed e-mail', () => {
  it("is written in the account's saved language", async () => {
    const account = await signUp(app, { language: 'yo', firstName: 'Bísí' });
    const token = await logIn(app, account.email, account.password);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: account.password, newPassword: 'correct-horse-2' },
    });
    expect(res.statusCode).toBe(200);
    const subject = inYoruba('Your {product} password was changed', { product: PRODUCT });
    const [mail] = await mailsTo(app, account.email, { subject });
    expect(mail?.subject).toBe(subject);
    expect(mail!.text).toContain(
      inYoruba('If you did not make this change, reset your password and contact {supportEmail} at once.', {
        supportEmail: app.deps.config.SUPPORT_EMAIL,
      }),
    );
  });
});
