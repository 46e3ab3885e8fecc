import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@escrow/shared/schemas/auth';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, disputed, type Cast } from '../disputes/disputes.test-support.ts';
import { createTransaction, createUser, deposit, driveTo, join } from '../../testing/test-kit.ts';
import {
  closeAccount,
  closureCheck,
  signUpAccountHolder,
  type AccountHolder,
} from './privacy.test-support.ts';

let app: App;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

/** The 409's blockers, as the dialog shows them. */
async function refusal(user: AccountHolder) {
  const res = await closeAccount(app, user, { password: user.password });
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code: 'CONFLICT' });
  const check = (await closureCheck(app, user)).json().data;
  expect(check.canClose).toBe(false);
  expect(check.blockers).toEqual(body.details.blockers);
  // Still open: the token works.
  expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(
    200,
  );
  return {
    message: body.error as string,
    codes: (body.details.blockers as { code: string }[]).map((b) => b.code),
  };
}

describe('closing is refused while something is open, naming what', () => {
  it('a wallet balance: withdraw it first', async () => {
    const user = await signUpAccountHolder(app);
    await deposit(app, user, 1234.5);
    const { message, codes } = await refusal(user);
    expect(codes).toEqual(['WALLET_BALANCE']);
    expect(message).toBe('Withdraw your balance of ₦1,234.50 before closing your account');
  });

  it('an open transaction without money in it', async () => {
    const user = await signUpAccountHolder(app);
    const { code } = await createTransaction(app, user, { price: 5000 });
    expect((await join(app, cast.seller, code)).statusCode).toBe(200);
    const { message, codes } = await refusal(user);
    expect(codes).toEqual(['OPEN_TRANSACTIONS']);
    expect(message).toBe('You have 1 open transaction; complete or cancel it before closing your account');
  });

  it('money in escrow, as buyer and as seller', async () => {
    const buyer = await signUpAccountHolder(app);
    const seller = await signUpAccountHolder(app);
    await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT', { price: 1000 });
    for (const user of [buyer, seller]) {
      const { message, codes } = await refusal(user);
      expect(codes).toEqual(['ESCROW_HELD', 'OPEN_TRANSACTIONS']);
      expect(message).toContain(
        '₦1,025.00 of your trades is still held in escrow; it must be released or refunded before you close your account',
      );
    }
  });

  it('an open dispute', async () => {
    const user = await signUpAccountHolder(app);
    await disputed(app, { buyer: user, seller: cast.seller });
    const { message, codes } = await refusal(user);
    expect(codes).toEqual(['ESCROW_HELD', 'OPEN_TRANSACTIONS', 'OPEN_DISPUTES']);
    expect(message).toContain('You have 1 open dispute; it must be resolved before you close your account');
  });

  it('nothing open: the check says it may close', async () => {
    const user = await signUpAccountHolder(app);
    expect((await closureCheck(app, user)).json().data).toEqual({ canClose: true, blockers: [] });
  });
});

describe('only the owner, with their password, closes their account', () => {
  it('a wrong password is answered as the other password checks answer it, and closes nothing', async () => {
    const user = await signUpAccountHolder(app);
    const res = await closeAccount(app, user, { password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INVALID_CURRENT_PASSWORD',
      error: AUTH_TEXT.currentPasswordIncorrect,
    });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(
      200,
    );
  });

  it("a stranger cannot close someone else's account, even knowing their password", async () => {
    const victim = await signUpAccountHolder(app);
    const stranger = await signUpAccountHolder(app);
    // The route closes the caller's own account only: the victim's password is wrong for the stranger's.
    const res = await closeAccount(app, stranger, { password: victim.password.replace('1', '2') });
    expect(res.statusCode).toBe(400);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: victim.password },
    });
    expect(signIn.statusCode).toBe(200);
    // Nothing closes an account by id: no such route exists for anyone, staff included.
    for (const url of [`/api/auth/${victim.id}/close`, `/api/admin/users/${victim.id}/close`])
      expect(
        (await app.inject({ method: 'POST', url, headers: cast.admin.headers, payload: {} })).statusCode,
      ).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/auth/me/close', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('a staff account cannot close itself', async () => {
    const res = await closeAccount(app, cast.support, { password: 'whatever-it-is' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('bad input is a 400 envelope: missing, too long, not a string, extra fields', async () => {
    const user = await createUser(app, 'Input');
    for (const body of [
      {},
      { password: '' },
      { password: 'x'.repeat(129) },
      { password: 12345678 },
      { password: null },
      { password: ['a'] },
      { password: 'correct-horse-battery-1', userId: cast.buyer.id },
    ]) {
      const res = await closeAccount(app, user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});
