import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { addBank, balanceOf, createTestUser, deposit, nuban, type TestUser } from './wallet.test-helpers.ts';

let app: App;
let user: TestUser;
let bankId: string;
const STARTING_BALANCE = 1_234.56;

beforeAll(async () => {
  app = await createTestApp();
  user = await createTestUser(app);
  await deposit(app, user, STARTING_BALANCE);
  bankId = (await addBank(app, user)).id;
});
afterAll(async () => {
  expect(await balanceOf(app, user)).toBe(STARTING_BALANCE);
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

const badAmounts: [string, unknown][] = [
  ['zero', 0],
  ['negative', -5],
  ['NaN as a string', 'NaN'],
  ['three decimals', 100.555],
  ['1e20', 1e20],
  ['above the maximum', 1_000_000_000_001],
  ['a numeric string', '100'],
  ['a word', 'abc'],
  ['null', null],
  ['an object', { value: 1 }],
  ['an array', [1]],
  ['a boolean', true],
  ['Infinity as a string', 'Infinity'],
];

function expectFailure(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code: expect.any(String), error: expect.any(String) });
}

describe('bad amounts on deposit and withdraw', () => {
  it.each(badAmounts)('deposit refuses %s with "Please enter a valid amount"', async (_name, amount) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: user.headers,
      payload: { amount },
    });
    expectFailure(res, 400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Please enter a valid amount' });
  });

  it.each(badAmounts)('withdraw refuses %s with "Please enter a valid amount"', async (_name, amount) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: user.headers,
      payload: { amount, bankAccountId: bankId },
    });
    expectFailure(res, 400);
    expect(res.json().error).toBe('Please enter a valid amount');
  });

  it('refuses missing fields and empty bodies', async () => {
    for (const payload of [{}, { bankAccountId: bankId }, { amount: 10 }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: user.headers,
        payload,
      });
      expectFailure(res, 400);
    }
    const none = await app.inject({ method: 'POST', url: '/api/wallet/deposit', headers: user.headers });
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    expect(none.statusCode).toBeLessThan(500);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: user.headers,
      payload: {},
    });
    expect(missing.json().error).toBe('Please enter a valid amount');
  });

  it('refuses malformed JSON, a wrong content type and an oversized body', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"amount": 10',
    });
    expectFailure(malformed, 400);
    const text = await app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: { ...user.headers, 'content-type': 'text/plain' },
      payload: 'amount=10',
    });
    // Fastify parses text/plain as a string, which then fails the body schema.
    expectFailure(text, 400);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 10, padding: 'x'.repeat(1_100_000) }),
    });
    expectFailure(huge, 413);
  });

  it('refuses hostile and unknown bank account ids with 4xx', async () => {
    for (const bankAccountId of ["' or 1=1 --", 'x'.repeat(65), '', '00000000-0000-0000-0000-000000000000']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: user.headers,
        payload: { amount: 10, bankAccountId },
      });
      expect(res.statusCode === 400 || res.statusCode === 404).toBe(true);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('bad bank accounts', () => {
  const add = (payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/wallet/bank-accounts',
      headers: user.headers,
      payload: payload as object,
    });

  it('refuses an unknown bank code', async () => {
    const res = await add({ bankCode: '999', accountNumber: nuban('999', '123456789') });
    expectFailure(res, 400);
    expect(res.json().error).toBe('Please select a bank');
  });

  it('refuses a NUBAN whose check digit is wrong for the bank', async () => {
    const good = nuban('058', '123456789');
    const bad = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    const res = await add({ bankCode: '058', accountNumber: bad });
    expectFailure(res, 400);
    expect(res.json().error).toBe('This account number is not valid for the selected bank');
  });

  it.each([
    ['too short', '12345'],
    ['letters', '12345abcde'],
    ['11 digits', '01234567890'],
    ['a number instead of a string', 123456789],
    ['missing', undefined],
  ])('refuses an account number that is %s', async (_name, accountNumber) => {
    const res = await add({ bankCode: '058', accountNumber });
    expectFailure(res, 400);
  });

  it('refuses a missing body and hostile ids on delete', async () => {
    expectFailure(await add({}), 400);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/wallet/bank-accounts/${encodeURIComponent("1' or '1'='1")}`,
      headers: user.headers,
    });
    expectFailure(res, 404);
    const long = await app.inject({
      method: 'DELETE',
      url: `/api/wallet/bank-accounts/${'a'.repeat(80)}`,
      headers: user.headers,
    });
    expectFailure(long, 400);
  });
});

describe('bad paging and references', () => {
  it.each(['page=0', 'page=-1', 'limit=101', 'limit=0', 'page=abc', 'limit=1.5'])(
    'refuses history query %s',
    async (query) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/wallet/transactions?${query}`,
        headers: user.headers,
      });
      expectFailure(res, 400);
    },
  );

  it("answers 404 for an unknown or someone else's deposit reference", async () => {
    const other = await createTestUser(app);
    const theirs = (await deposit(app, other, 10)).json().data.deposit.reference as string;
    for (const reference of ['nope', theirs]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/wallet/deposit/${reference}/verify`,
        headers: user.headers,
      });
      expectFailure(res, 404);
    }
  });
});
