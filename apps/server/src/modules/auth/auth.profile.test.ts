import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import type { UploadPurpose } from '@escrow/shared/schemas/uploads';
import { uploads } from '../../db/schema/uploads.ts';
import { ensureAdmin } from '../../db/seed.ts';
import { bearer, logIn, mailsTo, signUp } from './auth.test-support.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function signedIn() {
  const account = await signUp(app);
  const token = await logIn(app, account.email, account.password);
  return { ...account, token };
}
/** An uploads row as the uploads module writes it (the file itself is not needed here). */
async function storedUpload(ownerId: string, purpose: UploadPurpose): Promise<string> {
  const [row] = await app.deps.db
    .insert(uploads)
    .values({
      ownerId,
      purpose,
      filename: 'me.png',
      mimeType: 'image/png',
      size: 1,
      storageKey: `2026/01/${uuidv7()}`,
      sha256: '0'.repeat(64),
    })
    .returning({ id: uploads.id });
  return row!.id;
}
const putMe = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/auth/me', headers: bearer(token), payload });
const changePassword = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: bearer(token), payload });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('PUT /api/auth/me', () => {
  it('updates names, picture and onboarding and answers the updated user', async () => {
    const { token, user } = await signedIn();
    const picture = await storedUpload(user.id, 'profile_picture');
    const res = await putMe(token, {
      firstName: "  O'Neil ",
      lastName: 'Adébáyọ̀',
      profilePicture: picture,
      onboardingCompleted: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      data: {
        user: {
          firstName: "O'Neil",
          lastName: 'Adébáyọ̀',
          profilePicture: picture,
          onboardingCompleted: true,
        },
      },
    });
    expect((await me(token)).json().data.user).toMatchObject({
      firstName: "O'Neil",
      profilePicture: picture,
    });
    const cleared = await putMe(token, { profilePicture: null });
    expect(cleared.json().data.user.profilePicture).toBeNull();
  });

  it("refuses a picture that is not the user's own profile picture upload", async () => {
    const { token, user } = await signedIn();
    const stranger = await signUp(app);
    for (const picture of [
      uuidv7(),
      await storedUpload(stranger.user.id, 'profile_picture'),
      await storedUpload(user.id, 'chat_attachment'),
    ]) {
      const res = await putMe(token, { profilePicture: picture });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Invalid profile picture' });
    }
    expect((await me(token)).json().data.user.profilePicture).toBeNull();
  });

  it('answers the unchanged user for an empty body', async () => {
    const { token, user } = await signedIn();
    const res = await putMe(token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: user.id, firstName: 'Chiamaka' });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: 'x'.repeat(61) }, 'Name must be at most 60 characters'],
    [{ email: 'nope' }, 'Invalid email address'],
    [{ profilePicture: '../../etc/passwd' }, 'Invalid profile picture'],
    [{ onboardingCompleted: 'yes' }, 'Invalid input: expected boolean, received string'],
    [{ role: 'ADMIN' }, 'Unrecognized key: "role"'],
    [{ trustScore: 100 }, 'Unrecognized key: "trustScore"'],
  ])('refuses %j with a clear text (strict body)', async (payload, text) => {
    const { token } = await signedIn();
    const res = await putMe(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: text });
    expect((await me(token)).json().data.user.role).toBe('USER');
  });

  it('changes the e-mail only with the current password', async () => {
    const { token, email, password } = await signedIn();
    const next = uniqueEmail('moved');

    const missing = await putMe(token, { email: next });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Please enter your current password to change your email',
    });

    const wrong = await putMe(token, { email: next, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      error: 'Current password is incorrect',
    });
    expect((await me(token)).json().data.user.email).toBe(email);

    const done = await putMe(token, { email: next.toUpperCase(), currentPassword: password });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user.email).toBe(next);
    await logIn(app, next, password);
    const old = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(old.statusCode).toBe(401);
    // The old address hears about it.
    const [notice] = await mailsTo(app, email, { subject: 'e-mail address was changed' });
    expect(notice?.text).toContain(next);
  });

  it('needs no password when the e-mail only differs in case', async () => {
    const { token, email } = await signedIn();
    const res = await putMe(token, { email: email.toUpperCase(), firstName: 'Same' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email, firstName: 'Same' });
  });

  it('refuses an e-mail that belongs to another account with 409', async () => {
    const other = await signUp(app);
    const { token, password } = await signedIn();
    const res = await putMe(token, { email: other.email.toUpperCase(), currentPassword: password });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      error: 'An account with this email already exists',
    });
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const { token, email, password } = await signedIn();
    const other = await logIn(app, email, password);
    const res = await changePassword(token, { currentPassword: password, newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: 'Password changed successfully!' });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await logIn(app, email, 'brand-new-pass');
    const old = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(old.statusCode).toBe(401);
    expect(await mailsTo(app, email, { subject: 'password was changed' })).toHaveLength(1);
  });

  it('answers 400 (not 401) for a wrong current password and changes nothing', async () => {
    const { token, email, password } = await signedIn();
    const res = await changePassword(token, { currentPassword: 'wrong-one', newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INVALID_CURRENT_PASSWORD',
      error: 'Current password is incorrect',
    });
    expect((await me(token)).statusCode).toBe(200);
    await logIn(app, email, password);
  });

  it.each([
    [{ currentPassword: 'x', newPassword: 'short' }, 'New password must be at least 8 characters long'],
    [{ currentPassword: 'x' }, 'New password must be at least 8 characters long'],
    [{ currentPassword: '', newPassword: 'long-enough' }, 'Current password is required'],
  ])('validates %j', async (payload, text) => {
    const { token } = await signedIn();
    const res = await changePassword(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: text });
  });

  it('needs a token', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'a', newPassword: 'bbbbbbbb' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('ensureAdmin (first admin, CLI)', () => {
  it('creates an admin; promotes an existing account with the given password and signs it out', async () => {
    const log = { info: () => {} };
    const fresh = uniqueEmail('admin');
    expect(await ensureAdmin({ ...app.deps, log }, fresh.toUpperCase(), 'admin-pass-1')).toBe('created');
    const adminToken = await logIn(app, fresh, 'admin-pass-1');
    expect((await me(adminToken)).json().data.user.role).toBe('ADMIN');
    expect(await ensureAdmin({ ...app.deps, log }, fresh, 'ignored-pass')).toBe('unchanged');

    // Whoever registered the address first keeps neither their password nor their session.
    const { email, password, token } = await signedIn();
    expect(await ensureAdmin({ ...app.deps, log }, email.toUpperCase(), 'operator-pass')).toBe('promoted');
    expect((await me(token)).statusCode).toBe(401);
    const old = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(old.statusCode).toBe(401);
    const promoted = await logIn(app, email, 'operator-pass');
    expect((await me(promoted)).json().data.user.role).toBe('ADMIN');
  });
});
