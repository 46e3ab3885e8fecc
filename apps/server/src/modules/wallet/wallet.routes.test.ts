import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import {
  addBank,
  balanceOf,
  createTestUser,
  deposit,
  nuban,
  setLevel,
  type TestUser,
} from './wallet.test-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

const get = (who: TestUser, url: string) => app.inject({ method: 'GET', url, headers: who.headers });
const withdraw = (who: TestUser, amount: number, bankAccountId: string, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount, bankAccountId },
  });

describe('wallet summary and sandbox deposits', () => {
  it('shows an empty wallet in test mode with the BASIC limits', async () => {
    const user = await createTestUser(app);
    const res = await get(user, '/api/wallet');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.wallet).toEqual({
      balance: 0,
      currency: 'NGN',
      pendingEscrow: 0,
      totalDeposits: 0,
      totalWithdrawals: 0,
      transactionCount: 0,
      transactionCountCapped: false,
      verificationLevel: 'BASIC',
      limits: { dailyWithdrawal: 50_000, withdrawnToday: 0, maxBalance: 300_000 },
      withdrawalFee: 50,
      provider: 'sandbox',
      testMode: true,
    });
  });

  it('requires a signed-in user', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/wallet' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('settles a sandbox deposit at once and lists it in the history', async () => {
    const user = await createTestUser(app);
    const res = await deposit(app, user, 1500.5);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Deposit successful');
    expect(body.data.deposit).toMatchObject({ status: 'completed', amount: 1500.5 });
    expect(body.data.deposit.reference).toMatch(/^dep_[0-9a-f]{32}$/);
    expect(body.data.wallet).toMatchObject({ balance: 1500.5, totalDeposits: 1500.5, transactionCount: 1 });

    const history = await get(user, '/api/wallet/transactions?page=1&limit=10');
    expect(history.json().data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(history.json().data.entries[0]).toMatchObject({
      type: 'credit',
      amount: 1500.5,
      status: 'completed',
      reference: body.data.deposit.reference,
      description: 'Wallet deposit',
      transactionId: null,
    });
  });

  it('caps the balance after a deposit by verification level', async () => {
    const user = await createTestUser(app);
    expect((await deposit(app, user, 300_000)).statusCode).toBe(200);
    const over = await deposit(app, user, 0.01);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    // Plain words, never the raw level code.
    expect(over.json().error).toBe(
      'This deposit would take your wallet above ₦300,000, the most it can hold until you verify your identity. ' +
        'To pay for a transaction, pay by bank transfer or card instead, or verify to raise the limit.',
    );
    expect(over.json().error).not.toContain('BASIC');
    expect(await balanceOf(app, user)).toBe(300_000);

    await setLevel(app, user.user.id, 'ENHANCED');
    expect((await deposit(app, user, 200_000)).statusCode).toBe(200);
    expect((await deposit(app, user, 0.01)).statusCode).toBe(422);
    await setLevel(app, user.user.id, 'PREMIUM');
    expect((await deposit(app, user, 2_000_000)).statusCode).toBe(200);
    const wallet = (await get(user, '/api/wallet')).json().data.wallet;
    expect(wallet).toMatchObject({ balance: 2_500_000, verificationLevel: 'PREMIUM' });
    expect(wallet.limits).toEqual({ dailyWithdrawal: 5_000_000, withdrawnToday: 0, maxBalance: null });
  });
});

describe('withdrawals', () => {
  it('charges the ₦50 fee on top and records debit and fee lines', async () => {
    const user = await createTestUser(app);
    await deposit(app, user, 10_000);
    const bank = await addBank(app, user);
    const res = await withdraw(user, 4_000, bank.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Withdrawal successful');
    expect(res.json().data.withdrawal).toMatchObject({ status: 'completed', amount: 4_000, fee: 50 });
    expect(res.json().data.wallet).toMatchObject({ balance: 5_950, totalWithdrawals: 4_000 });
    expect(res.json().data.wallet.limits.withdrawnToday).toBe(4_000);

    const entries = (await get(user, '/api/wallet/transactions')).json().data.entries;
    expect(entries.map((e: { type: string; amount: number }) => [e.type, e.amount]).sort()).toEqual(
      [
        ['credit', 10_000],
        ['debit', 4_000],
        ['fee', 50],
      ].sort(),
    );
    const debit = entries.find((e: { type: string }) => e.type === 'debit');
    expect(debit.reference).toBe(res.json().data.withdrawal.reference);
    expect(debit.description).toMatch(/^Withdrawal to Guaranty Trust Bank ••••\d{4}$/);
  });

  it('refuses amount + fee above the balance with "Insufficient balance"', async () => {
    const user = await createTestUser(app);
    await deposit(app, user, 1_000);
    const bank = await addBank(app, user);
    const res = await withdraw(user, 960, bank.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_FUNDS',
      error: 'Insufficient balance',
    });
    expect((await withdraw(user, 950, bank.id)).statusCode).toBe(200);
    expect(await balanceOf(app, user)).toBe(0);
  });

  it('enforces the daily withdrawal limit per level', async () => {
    const user = await createTestUser(app);
    await deposit(app, user, 120_000);
    const bank = await addBank(app, user);
    expect((await withdraw(user, 30_000, bank.id)).statusCode).toBe(200);
    const over = await withdraw(user, 20_000.01, bank.id);
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('LIMIT_EXCEEDED');
    expect(over.json().error).toContain('₦50,000.00');
    expect((await withdraw(user, 20_000, bank.id)).statusCode).toBe(200);
    await setLevel(app, user.user.id, 'ENHANCED');
    expect((await withdraw(user, 60_000, bank.id)).statusCode).toBe(200);
    expect(await balanceOf(app, user)).toBe(120_000 - 110_000 - 150);
  });

  it("answers 404 for another user's bank account and moves nothing", async () => {
    const owner = await createTestUser(app);
    const other = await createTestUser(app);
    const bank = await addBank(app, owner);
    await deposit(app, other, 5_000);
    const res = await withdraw(other, 100, bank.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Bank account not found' });
    expect(await balanceOf(app, other)).toBe(5_000);
  });
});

describe('bank accounts', () => {
  it('lists Nigerian banks with their CBN codes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/banks' });
    const banks = res.json().data.banks as { code: string; name: string }[];
    expect(banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    expect(banks).toContainEqual({ code: '999992', name: 'OPay' });
    expect(banks).toContainEqual({ code: '50515', name: 'Moniepoint Microfinance Bank' });
  });

  it('adds an account with the provider-resolved name, refuses duplicates, and removes it', async () => {
    const user = await createTestUser(app);
    const accountNumber = nuban('50211', '123456789');
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/bank-accounts',
      headers: user.headers,
      payload: { bankCode: '50211', accountNumber },
    });
    expect(res.statusCode).toBe(201);
    const account = res.json().data.bankAccount;
    expect(account).toMatchObject({ bankCode: '50211', bankName: 'Kuda Bank', accountNumber });
    expect(account.accountName).toMatch(/^[A-Z]+ [A-Z]+ \(TEST\)$/);
    const again = await app.inject({
      method: 'POST',
      url: '/api/wallet/bank-accounts',
      headers: user.headers,
      payload: { bankCode: '50211', accountNumber },
    });
    expect(again.statusCode).toBe(409);

    const stranger = await createTestUser(app);
    const stolen = await app.inject({
      method: 'DELETE',
      url: `/api/wallet/bank-accounts/${account.id}`,
      headers: stranger.headers,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await get(stranger, '/api/wallet/bank-accounts')).json().data.bankAccounts).toEqual([]);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/wallet/bank-accounts/${account.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(user, '/api/wallet/bank-accounts')).json().data.bankAccounts).toEqual([]);
  });

  it('answers 422 when the provider cannot resolve the account', async () => {
    const user = await createTestUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/bank-accounts',
      headers: user.headers,
      payload: { bankCode: '011', accountNumber: nuban('011', '000000000') },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('UNPROCESSABLE');
  });
});

describe('dedicated virtual account', () => {
  it('is refused to BASIC users and issued once to verified users', async () => {
    const user = await createTestUser(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/wallet/virtual-account',
      headers: user.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('verification page');
    await setLevel(app, user.user.id, 'ENHANCED');
    const first = await app.inject({
      method: 'POST',
      url: '/api/wallet/virtual-account',
      headers: user.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.virtualAccount.accountNumber).toMatch(/^\d{10}$/);
    const second = await app.inject({
      method: 'POST',
      url: '/api/wallet/virtual-account',
      headers: user.headers,
    });
    expect(second.json().data.virtualAccount).toEqual(first.json().data.virtualAccount);
  });
});

describe('Idempotency-Key on money-moving routes', () => {
  it('replays the first answer, refuses a different body, and moves money once', async () => {
    const user = await createTestUser(app);
    const first = await deposit(app, user, 700, 'dep-key-1');
    const replay = await deposit(app, user, 700, 'dep-key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.deposit.reference).toBe(first.json().data.deposit.reference);
    expect(await balanceOf(app, user)).toBe(700);

    const mismatch = await deposit(app, user, 701, 'dep-key-1');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().code).toBe('IDEMPOTENCY_MISMATCH');

    // Keys are per user: another user may use the same key.
    const other = await createTestUser(app);
    expect((await deposit(app, other, 700, 'dep-key-1')).headers['idempotent-replayed']).toBeUndefined();

    const bank = await addBank(app, user);
    const w1 = await withdraw(user, 100, bank.id, 'wd-key');
    const w2 = await withdraw(user, 100, bank.id, 'wd-key');
    expect(w2.json().data.withdrawal.reference).toBe(w1.json().data.withdrawal.reference);
    expect(await balanceOf(app, user)).toBe(700 - 150);
  });

  it('keeps refusals too, and rejects an oversized key', async () => {
    const user = await createTestUser(app);
    const refused = await deposit(app, user, 400_000, 'big');
    expect(refused.statusCode).toBe(422);
    expect((await deposit(app, user, 400_000, 'big')).headers['idempotent-replayed']).toBe('true');
    const long = await deposit(app, user, 10, 'k'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(await balanceOf(app, user)).toBe(0);
  });
});

describe('sandbox provider', () => {
  it('confirms an escrow payment intent at once so its transaction can consume it', async () => {
    const { createPaymentIntent, confirmProviderPayment, consumeEscrowIntent } =
      await import('../payments/index.ts');
    const buyer = await createTestUser(app);
    const transactionId = crypto.randomUUID();
    const intent = await createPaymentIntent(app.deps, {
      userId: buyer.user.id,
      email: buyer.user.email,
      purpose: 'ESCROW',
      transactionId,
      amountMinor: 10_250,
      currency: 'NGN',
      method: 'BANK_TRANSFER',
    });
    expect(intent.reference).toMatch(/^esc_[0-9a-f]{32}$/);
    // Escrow payments go through the app's test checkout, as real ones through Paystack's page.
    expect(intent).toMatchObject({
      authorizationUrl: `/app/test-checkout/${intent.reference}`,
      testMode: true,
    });
    expect((await confirmProviderPayment(app.deps, intent.reference)).status).toBe('success');
    expect((await confirmProviderPayment(app.deps, 'esc_typed_by_hand')).status).toBe('failed');
    const input = {
      reference: intent.reference,
      userId: buyer.user.id,
      transactionId,
      amountMinor: 10_250,
      currency: 'NGN',
      at: new Date(),
    };
    const held = await app.deps.db.transaction((tx) => consumeEscrowIntent(tx, input));
    expect(held.hold.status).toBe('HELD');
    await expect(app.deps.db.transaction((tx) => consumeEscrowIntent(tx, input))).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
    });
  });

  it('has no webhook endpoint to call', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'a'.repeat(128) },
      payload: JSON.stringify({ event: 'charge.success', data: {} }),
    });
    expect(res.statusCode).toBe(404);
  });

  it('documents every wallet path in the OpenAPI document', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    for (const path of [
      '/api/wallet',
      '/api/wallet/transactions',
      '/api/wallet/deposit',
      '/api/wallet/deposit/{reference}/verify',
      '/api/wallet/withdraw',
      '/api/wallet/bank-accounts',
      '/api/wallet/bank-accounts/{id}',
      '/api/wallet/virtual-account',
      '/api/banks',
      '/api/payments/paystack/webhook',
      '/api/admin/ledger/check',
      '/api/admin/users/{id}/verification-level',
    ])
      expect(paths[path], path).toBeDefined();
  });
});

describe('wallet summary on a long history', () => {
  it('counts history up to 1,000 and says there is more, in one answer that does not grow with it', async () => {
    const user = await createTestUser(app);
    // 1,001 pending deposit intents: each one is a line of the wallet's history.
    await app.deps.db.execute(sql`
      insert into payment_intents (id, reference, user_id, purpose, amount, currency, method, provider)
      select gen_random_uuid()::text, 'dep_bulk_' || ${user.user.id} || '_' || n, ${user.user.id}, 'DEPOSIT', 100, 'NGN', 'BANK_TRANSFER', 'sandbox'
      from generate_series(1, 1001) n`);
    const capped = (await get(user, '/api/wallet')).json().data.wallet;
    expect(capped).toMatchObject({ transactionCount: 1000, transactionCountCapped: true, balance: 0 });
    const fresh = await createTestUser(app);
    expect((await get(fresh, '/api/wallet')).json().data.wallet).toMatchObject({
      transactionCount: 0,
      transactionCountCapped: false,
    });
  });
});
