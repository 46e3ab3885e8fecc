import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { twoFactorRecoveryCodes, twoFactorSettings } from '../../db/schema/two-factor.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import {
  addBank,
  balanceOf,
  createTestUser,
  deposit,
  nuban,
  type TestUser,
} from '../wallet/wallet.test-helpers.ts';
import { codeAt, enrol, signedUp, testClock, type TestClock } from './two-factor.test-support.ts';

/** Withdrawals, bank-account changes and closing the account ask a user with two-factor sign-in on for a code. */
let app: App;
let clock: TestClock;
beforeAll(async () => {
  app = await createTestApp();
  clock = testClock(app);
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

type Headers = Record<string, string>;
const withdraw = (who: TestUser, bankAccountId: string, headers: Headers = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { ...who.headers, ...headers },
    payload: { amount: 1000, bankAccountId },
  });

/** A funded user with a bank account, then two-factor sign-in turned on. */
async function enrolledSaver() {
  const who = await createTestUser(app);
  expect((await deposit(app, who, 20_000)).statusCode).toBe(200);
  const bank = await addBank(app, who);
  const { secret, recoveryCodes } = await enrol(app, who, clock);
  const code = () => codeAt(secret, clock.now());
  return { who, bank, secret, code, recoveryCodes };
}

describe('withdrawals with two-factor sign-in on', () => {
  it('needs a code: missing 403, wrong 400, and the balance does not move until a right one', async () => {
    const { who, bank, code } = await enrolledSaver();
    const missing = await withdraw(who, bank.id);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ success: false, code: 'TWO_FACTOR_CODE_REQUIRED' });
    const wrong = await withdraw(who, bank.id, { 'x-two-factor-code': '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, code: 'INVALID_TWO_FACTOR_CODE' });
    const malformed = await withdraw(who, bank.id, { 'x-two-factor-code': 'not a code at all' });
    expect(malformed.statusCode).toBe(400);
    expect(await balanceOf(app, who)).toBe(20_000);

    const done = await withdraw(who, bank.id, { 'x-two-factor-code': code() });
    expect(done.statusCode, done.body).toBe(200);
    expect(await balanceOf(app, who)).toBe(20_000 - 1000 - 50);
    // The same code a second time is refused, and nothing moves.
    const reused = await withdraw(who, bank.id, { 'x-two-factor-code': code() });
    expect(reused.statusCode).toBe(400);
    expect(await balanceOf(app, who)).toBe(20_000 - 1000 - 50);
    clock.nextStep();
  });

  it('answers a retry with the same Idempotency-Key and a new code with the first answer, charging once', async () => {
    const { who, bank, code } = await enrolledSaver();
    const first = await withdraw(who, bank.id, { 'idempotency-key': 'wd-1', 'x-two-factor-code': code() });
    expect(first.statusCode).toBe(200);
    clock.nextStep();
    const retry = await withdraw(who, bank.id, { 'idempotency-key': 'wd-1', 'x-two-factor-code': code() });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(app, who)).toBe(20_000 - 1050);
    // The code of that retry was not used up: a replay never looks at it.
    const next = await withdraw(who, bank.id, { 'idempotency-key': 'wd-2', 'x-two-factor-code': code() });
    expect(next.statusCode).toBe(200);
    expect(await balanceOf(app, who)).toBe(20_000 - 2 * 1050);
    clock.nextStep();
  });

  it('does not keep a refusal for a missing or wrong code as the key answer: the same key with a code runs', async () => {
    const { who, bank, code } = await enrolledSaver();
    const refused = await withdraw(who, bank.id, { 'idempotency-key': 'wd-refused' });
    expect(refused.statusCode).toBe(403);
    const wrong = await withdraw(who, bank.id, {
      'idempotency-key': 'wd-refused',
      'x-two-factor-code': '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await balanceOf(app, who)).toBe(20_000);
    const done = await withdraw(who, bank.id, {
      'idempotency-key': 'wd-refused',
      'x-two-factor-code': code(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(app, who)).toBe(20_000 - 1050);
    clock.nextStep();
  });

  it('takes a recovery code in place of the app code (the prompt offers it), once', async () => {
    const { who, bank, recoveryCodes } = await enrolledSaver();
    const [recovery] = recoveryCodes;
    const done = await withdraw(who, bank.id, { 'x-two-factor-code': recovery! });
    expect(done.statusCode, done.body).toBe(200);
    expect(await balanceOf(app, who)).toBe(20_000 - 1050);
    const again = await withdraw(who, bank.id, { 'x-two-factor-code': recovery! });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: 'INVALID_TWO_FACTOR_CODE' });
    expect(await balanceOf(app, who)).toBe(20_000 - 1050);
  });

  it('leaves users without two-factor sign-in as they were', async () => {
    const who = await createTestUser(app);
    await deposit(app, who, 5000);
    const bank = await addBank(app, who);
    expect((await withdraw(who, bank.id)).statusCode).toBe(200);
  });
});

describe('bank-account changes with two-factor sign-in on', () => {
  it('needs a code to add an account and to remove one', async () => {
    const { who, bank, code } = await enrolledSaver();
    const add = (headers: Headers) =>
      app.inject({
        method: 'POST',
        url: '/api/wallet/bank-accounts',
        headers: { ...who.headers, ...headers },
        payload: { bankCode: '044', accountNumber: nuban('044', '987654321') },
      });
    expect((await add({})).json()).toMatchObject({ code: 'TWO_FACTOR_CODE_REQUIRED' });
    expect((await add({ 'x-two-factor-code': '000000' })).json()).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
    });
    const added = await add({ 'x-two-factor-code': code() });
    expect(added.statusCode, added.body).toBe(201);
    clock.nextStep();

    const remove = (headers: Headers) =>
      app.inject({
        method: 'DELETE',
        url: `/api/wallet/bank-accounts/${bank.id}`,
        headers: { ...who.headers, ...headers },
      });
    expect((await remove({})).statusCode).toBe(403);
    expect((await remove({ 'x-two-factor-code': '000000' })).statusCode).toBe(400);
    const list = async () =>
      (await app.inject({ url: '/api/wallet/bank-accounts', headers: who.headers })).json().data.bankAccounts;
    expect(await list()).toHaveLength(2);
    expect((await remove({ 'x-two-factor-code': code() })).statusCode).toBe(200);
    expect(await list()).toHaveLength(1);
    clock.nextStep();
  });
});

describe('closing the account with two-factor sign-in on', () => {
  it('needs a code besides the password, and takes the two-factor records with it', async () => {
    const account = await signedUp(app);
    const { secret } = await enrol(app, account, clock);
    const close = (headers: Headers) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/me/close',
        headers: { ...account.headers, ...headers },
        payload: { password: account.password },
      });
    expect((await close({})).json()).toMatchObject({ code: 'TWO_FACTOR_CODE_REQUIRED' });
    expect((await close({ 'x-two-factor-code': '000000' })).statusCode).toBe(400);
    const closed = await close({ 'x-two-factor-code': codeAt(secret, clock.now()) });
    expect(closed.statusCode, closed.body).toBe(200);
    const settings = await app.deps.db
      .select()
      .from(twoFactorSettings)
      .where(eq(twoFactorSettings.userId, account.id));
    const codes = await app.deps.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, account.id));
    expect([settings, codes]).toEqual([[], []]);
    clock.nextStep();
  });
});
