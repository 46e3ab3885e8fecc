import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { paymentIntents, processedWebhookEvents } from '../../db/schema/payments.ts';
import { withdrawals } from '../../db/schema/wallet.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger, getHold } from '../ledger/index.ts';
import {
  addBank,
  balanceOf,
  createTestUser,
  deposit,
  setLevel,
  type TestUser,
} from '../wallet/wallet.test-helpers.ts';
import { consumeEscrowIntent, confirmProviderPayment, createPaymentIntent } from './payments.service.ts';
import { parsePaystackEvent } from './payments.paystack-schemas.ts';
import { ProviderError } from './payments.provider.ts';
import { NOT_JSON, PaystackStandIn, sign, TEST_SECRET } from './paystack-stand-in.test-helpers.ts';

let app: App;
const paystack = new PaystackStandIn();

beforeAll(async () => {
  const baseUrl = await paystack.start();
  app = await createTestApp({ PAYSTACK_SECRET_KEY: TEST_SECRET, PAYSTACK_BASE_URL: baseUrl });
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
  await paystack.stop();
});

function webhook(event: string, data: Record<string, unknown>, signature?: string) {
  const body = JSON.stringify({ event, data });
  return app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? sign(body) },
    payload: body,
  });
}

async function pendingDeposit(user: TestUser, amount: number) {
  const res = await deposit(app, user, amount);
  expect(res.statusCode).toBe(200);
  return res.json().data.deposit as { reference: string; status: string; authorizationUrl: string };
}

describe('Paystack deposits', () => {
  it('opens a checkout and credits nothing until Paystack confirms', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 2_500.75);
    expect(dep.status).toBe('pending');
    expect(dep.authorizationUrl).toBe(`https://checkout.paystack.test/${dep.reference}`);
    const call = paystack.callsTo('/transaction/initialize').at(-1)!;
    expect(call.authorization).toBe(`Bearer ${TEST_SECRET}`);
    expect(call.body).toMatchObject({
      amount: 250_075,
      currency: 'NGN',
      reference: dep.reference,
      email: user.user.email,
    });
    expect(await balanceOf(app, user)).toBe(0);
    const wallet = (await app.inject({ method: 'GET', url: '/api/wallet', headers: user.headers })).json()
      .data.wallet;
    expect(wallet).toMatchObject({ provider: 'paystack', testMode: true });
    const history = (
      await app.inject({ method: 'GET', url: '/api/wallet/transactions', headers: user.headers })
    ).json();
    expect(history.data.entries[0]).toMatchObject({ type: 'credit', status: 'pending', amount: 2_500.75 });
  });

  it('credits a signed charge.success exactly once and ignores a redelivery', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 1_000);
    const data = { id: 9001, reference: dep.reference, amount: 100_000, currency: 'NGN', status: 'success' };
    const first = await webhook('charge.success', data);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.outcome).toBe('credited');
    const again = await webhook('charge.success', data);
    expect(again.json().data.outcome).toBe('duplicate');
    expect(await balanceOf(app, user)).toBe(1_000);
    // A new event id for the same reference is still not a second credit.
    expect((await webhook('charge.success', { ...data, id: 9002 })).json().data.outcome).toBe('duplicate');
    expect(await balanceOf(app, user)).toBe(1_000);
  });

  it('refuses forged or missing signatures and changes nothing', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 500);
    const data = { id: 9101, reference: dep.reference, amount: 50_000, currency: 'NGN' };
    const forged = await webhook(
      'charge.success',
      data,
      sign(JSON.stringify({ event: 'charge.success', data }), 'sk_test_wrong'),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const body = JSON.stringify({ event: 'charge.success', data });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    // The signature covers the raw bytes: the same JSON re-spaced does not verify.
    const respaced = await app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
      payload: JSON.stringify({ event: 'charge.success', data }, null, 2),
    });
    expect(respaced.statusCode).toBe(401);
    expect(await balanceOf(app, user)).toBe(0);
  });

  it('does not credit a charge whose amount or currency differs from the deposit', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 700);
    const res = await webhook('charge.success', {
      id: 9201,
      reference: dep.reference,
      amount: 7_000,
      currency: 'NGN',
    });
    expect(res.json().data.outcome).toBe('mismatch');
    expect(await balanceOf(app, user)).toBe(0);
  });

  it('credits through the verify call after the checkout, once, even if the webhook follows', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 300);
    const verify = () =>
      app.inject({
        method: 'POST',
        url: `/api/wallet/deposit/${dep.reference}/verify`,
        headers: user.headers,
      });
    expect((await verify()).json().data.deposit.status).toBe('pending');
    paystack.paid.set(dep.reference, { amount: 30_000, currency: 'NGN' });
    const done = await verify();
    expect(done.json().data.deposit.status).toBe('completed');
    expect(done.json().data.wallet.balance).toBe(300);
    const late = await webhook('charge.success', {
      id: 9301,
      reference: dep.reference,
      amount: 30_000,
      currency: 'NGN',
    });
    expect(late.json().data.outcome).toBe('duplicate');
    expect(await balanceOf(app, user)).toBe(300);
  });
});

describe('Paystack payouts', () => {
  async function fundedUser(amount: number) {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, amount);
    await webhook('charge.success', {
      id: randomUUID(),
      reference: dep.reference,
      amount: amount * 100,
      currency: 'NGN',
    });
    const bank = await addBank(app, user, '044', '123456789');
    return { user, bank };
  }
  const withdraw = (user: TestUser, amount: number, bankAccountId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: user.headers,
      payload: { amount, bankAccountId },
    });

  it('resolves the account name through /bank/resolve', async () => {
    const { bank } = await fundedUser(10);
    expect(bank.accountName).toBe('ADAEZE OBI');
    expect(paystack.callsTo('/bank/resolve').at(-1)!.path).toContain('bank_code=044');
  });

  it('keeps a transfer pending until transfer.success', async () => {
    paystack.transferAnswer = 'pending';
    const { user, bank } = await fundedUser(1_000);
    const res = await withdraw(user, 400, bank.id);
    expect(res.json().data.withdrawal).toMatchObject({ status: 'pending', amount: 400, fee: 50 });
    expect(res.json().message).toBe('Withdrawal is being processed');
    expect(paystack.callsTo('/transfer').at(-1)!.body).toMatchObject({
      amount: 40_000,
      reference: res.json().data.withdrawal.reference,
    });
    expect(await balanceOf(app, user)).toBe(550);
    const reference = res.json().data.withdrawal.reference;
    expect(
      (await webhook('transfer.success', { id: 1, reference, transfer_code: 'TRF_1' })).json().data.outcome,
    ).toBe('settled');
    const entries = (
      await app.inject({ method: 'GET', url: '/api/wallet/transactions', headers: user.headers })
    ).json().data.entries;
    expect(entries.find((e: { type: string }) => e.type === 'debit').status).toBe('completed');
  });

  it('returns amount and fee when the transfer fails, exactly once', async () => {
    paystack.transferAnswer = 'pending';
    const { user, bank } = await fundedUser(1_000);
    const reference = (await withdraw(user, 400, bank.id)).json().data.withdrawal.reference;
    expect(await balanceOf(app, user)).toBe(550);
    expect((await webhook('transfer.failed', { id: 2, reference })).json().data.outcome).toBe('reversed');
    expect(await balanceOf(app, user)).toBe(1_000);
    expect((await webhook('transfer.reversed', { id: 3, reference })).json().data.outcome).toBe('ignored');
    expect(await balanceOf(app, user)).toBe(1_000);
    const wallet = (await app.inject({ method: 'GET', url: '/api/wallet', headers: user.headers })).json()
      .data.wallet;
    expect(wallet).toMatchObject({
      totalWithdrawals: 0,
      limits: expect.objectContaining({ withdrawnToday: 0 }),
    });
  });

  it('reverses at once when Paystack refuses the transfer, and leaves it pending when the outcome is unknown', async () => {
    const { user, bank } = await fundedUser(2_000);
    paystack.transferAnswer = 'refused';
    const refused = await withdraw(user, 500, bank.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'UNPROCESSABLE', error: 'Failed to process withdrawal' });
    const history = (
      await app.inject({ method: 'GET', url: '/api/wallet/transactions', headers: user.headers })
    ).json();
    const failed = history.data.entries.find((e: { type: string; status: string }) => e.type === 'debit');
    expect(failed.status).toBe('failed');
    expect(await balanceOf(app, user)).toBe(2_000);
    paystack.transferAnswer = 'error';
    const unknown = await withdraw(user, 500, bank.id);
    expect(unknown.json().data.withdrawal.status).toBe('pending');
    expect(await balanceOf(app, user)).toBe(1_450);
    paystack.transferAnswer = 'pending';
  });
});

describe('escrow payment intents', () => {
  it('confirms through the provider and is consumed exactly once by its transaction', async () => {
    const buyer = await createTestUser(app);
    const transactionId = randomUUID();
    const intent = await createPaymentIntent(app.deps, {
      userId: buyer.user.id,
      email: buyer.user.email,
      purpose: 'ESCROW',
      transactionId,
      amountMinor: 512_500,
      currency: 'NGN',
      method: 'CARD',
    });
    expect(intent).toMatchObject({
      testMode: true,
      authorizationUrl: expect.stringContaining(intent.reference),
    });
    const consume = (over: Partial<Parameters<typeof consumeEscrowIntent>[1]> = {}) =>
      app.deps.db.transaction((tx) =>
        consumeEscrowIntent(tx, {
          reference: intent.reference,
          userId: buyer.user.id,
          transactionId,
          amountMinor: 512_500,
          currency: 'NGN',
          at: new Date(),
          ...over,
        }),
      );
    expect((await confirmProviderPayment(app.deps, intent.reference)).status).toBe('pending');
    await expect(consume()).rejects.toMatchObject({ message: 'Invalid or already used payment reference' });

    const res = await webhook('charge.success', {
      id: 77,
      reference: intent.reference,
      amount: 512_500,
      currency: 'NGN',
    });
    expect(res.json().data.outcome).toBe('confirmed');
    expect((await confirmProviderPayment(app.deps, intent.reference)).status).toBe('success');
    await expect(consume({ amountMinor: 512_499 })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    await expect(consume({ transactionId: randomUUID() })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    const stranger = await createTestUser(app);
    await expect(consume({ userId: stranger.user.id })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });

    const held = await consume();
    expect(held.hold).toMatchObject({ amountMinor: 512_500, status: 'HELD', buyerId: buyer.user.id });
    await expect(consume()).rejects.toMatchObject({ message: 'Invalid or already used payment reference' });
    expect((await getHold(app.deps.db, transactionId))?.amountMinor).toBe(512_500);
  });
});

describe('dedicated virtual account', () => {
  it('is created at Paystack for a verified user and credits transfers into it', async () => {
    const user = await createTestUser(app);
    await setLevel(app, user.user.id, 'PREMIUM');
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/virtual-account',
      headers: user.headers,
    });
    expect(res.json().data.virtualAccount).toEqual({
      accountNumber: '9930000001',
      bankName: 'Wema Bank',
      accountName: 'AMANA/ADAEZE OBI',
    });
    const customerCode = `CUS_${paystack.callsTo('/customer').length}`;
    const transfer = await webhook('charge.success', {
      id: 555,
      reference: `dva_${randomUUID()}`,
      amount: 4_200_00,
      currency: 'NGN',
      channel: 'dedicated_nuban',
      customer: { customer_code: customerCode },
    });
    expect(transfer.json().data.outcome).toBe('credited');
    expect(await balanceOf(app, user)).toBe(4_200);
  });

  it('ignores charges for references and customers it does not know', async () => {
    const res = await webhook('charge.success', {
      id: 556,
      reference: 'unknown-ref',
      amount: 100,
      currency: 'NGN',
      customer: { customer_code: 'CUS_nobody' },
    });
    expect(res.json().data.outcome).toBe('ignored');
  });
});

describe('webhook input', () => {
  it('answers malformed bodies with 4xx, never 500', async () => {
    const bad = ['{not json', JSON.stringify({ hello: 'world' }), JSON.stringify([1, 2])];
    for (const body of bad) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const long = await app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(300) },
      payload: '{}',
    });
    expect(long.statusCode).toBe(400);
  });
});

/** The rows a webhook left in processed_webhook_events, found by the unique id the test gave it. */
async function processedEventsWith(eventId: string) {
  return app.deps.db
    .select()
    .from(processedWebhookEvents)
    .where(like(processedWebhookEvents.eventKey, `%:${eventId}:%`));
}

async function intentRow(reference: string) {
  const [row] = await app.deps.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.reference, reference));
  return row!;
}

/** Runs `fn` with the app's `warn` log captured (tests run with the null logger, shared by requests). */
async function capturingWarnings<T>(fn: () => Promise<T>): Promise<{ result: T; warnings: unknown[][] }> {
  const spy = vi.spyOn(app.log, 'warn');
  try {
    const result = await fn();
    return { result, warnings: spy.mock.calls.map((call) => [...call]) };
  } finally {
    spy.mockRestore();
  }
}

describe('malformed Paystack answers', () => {
  const withoutAmount = ({ amount: _amount, ...rest }: Record<string, unknown>) => rest;
  const amountAsString = (data: Record<string, unknown>) => ({ ...data, amount: String(data.amount) });

  it.each([
    ['a verify answer without amount', withoutAmount, 'data.amount'],
    ['a verify answer with amount as a string', amountAsString, 'data.amount'],
  ])('%s fails as outcome unknown and credits nothing', async (_name, reshape, path) => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 300);
    paystack.paid.set(dep.reference, { amount: 30_000, currency: 'NGN' });
    const verify = () =>
      app.inject({
        method: 'POST',
        url: `/api/wallet/deposit/${dep.reference}/verify`,
        headers: user.headers,
      });
    const restore = paystack.reshape('transaction/verify', reshape);
    try {
      const error = await app.deps.payments.verify(dep.reference).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ definitive: false });
      const message = (error as ProviderError).message;
      expect(message).toContain('transaction/verify');
      expect(message).toContain(path);
      expect(message).not.toContain('30000');
      expect(message).not.toContain(dep.reference);
      expect(message).not.toContain(TEST_SECRET);

      const res = await verify();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(await balanceOf(app, user)).toBe(0);
      // Not marked failed either (a string amount used to read as a mismatch and fail the deposit).
      expect(await intentRow(dep.reference)).toMatchObject({ status: 'PENDING', failureReason: null });
    } finally {
      restore();
    }
    // Once Paystack answers properly the same deposit is credited, once.
    expect((await verify()).json().data.deposit.status).toBe('completed');
    expect(await balanceOf(app, user)).toBe(300);
  });

  it('a verify answer that is not JSON fails as outcome unknown', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 100);
    const restore = paystack.reshape('transaction/verify', () => NOT_JSON);
    try {
      await expect(app.deps.payments.verify(dep.reference)).rejects.toMatchObject({
        definitive: false,
        message: expect.stringContaining('transaction/verify'),
      });
    } finally {
      restore();
    }
    expect(await intentRow(dep.reference)).toMatchObject({ status: 'PENDING' });
  });

  it('a transfer answer without transfer_code leaves the withdrawal pending, not completed or returned', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 1_000);
    await webhook('charge.success', {
      id: randomUUID(),
      reference: dep.reference,
      amount: 100_000,
      currency: 'NGN',
    });
    const bank = await addBank(app, user, '044', '123456789');
    // Paystack says 'success': trusted half-read, this would complete a withdrawal with no transfer code.
    paystack.transferAnswer = 'success';
    const restore = paystack.reshape('transfer', ({ transfer_code: _code, ...rest }) => rest);
    try {
      const direct = await app.deps.payments
        .transfer({
          reference: `wd_${randomUUID().replaceAll('-', '')}`,
          amountMinor: 1_000,
          bankCode: '044',
          accountNumber: '1234567890',
          accountName: 'ADAEZE OBI',
          reason: 'test',
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(direct).toBeInstanceOf(ProviderError);
      expect(direct).toMatchObject({
        definitive: false,
        message: expect.stringContaining('data.transfer_code'),
      });
      expect((direct as ProviderError).message).toContain('Paystack transfer ');

      const res = await app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: user.headers,
        payload: { amount: 400, bankAccountId: bank.id },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.withdrawal.status).toBe('pending');
      const [row] = await app.deps.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.reference, res.json().data.withdrawal.reference));
      expect(row).toMatchObject({ status: 'PENDING', transferCode: null, completedAt: null });
      // Debited when the withdrawal was recorded (before the call), and not returned: the outcome is unknown.
      expect(await balanceOf(app, user)).toBe(550);
    } finally {
      restore();
      paystack.transferAnswer = 'pending';
    }
  });
});

describe('malformed Paystack webhook events', () => {
  it('refuses a signed charge.success without a reference: 400, nothing written, warned without values', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 1_000);
    const id = randomUUID();
    const { result: res, warnings } = await capturingWarnings(() =>
      webhook('charge.success', {
        id,
        amount: 100_000,
        currency: 'NGN',
        customer: { email: user.user.email, customer_code: 'CUS_nobody' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'Malformed Paystack event',
      code: 'VALIDATION_ERROR',
      requestId: res.headers['x-request-id'],
    });
    expect(await balanceOf(app, user)).toBe(0);
    expect(await intentRow(dep.reference)).toMatchObject({ status: 'PENDING' });
    expect(await processedEventsWith(id)).toEqual([]);
    expect(warnings).toHaveLength(1);
    const [fields] = warnings[0] as [{ reqId: unknown; issues: string }];
    expect(fields).toEqual({ reqId: expect.any(String), issues: expect.stringContaining('data.reference') });
    const logged = JSON.stringify(warnings);
    expect(logged).not.toContain(user.user.email);
    expect(logged).not.toContain('100000');
    expect(logged).not.toContain(id);
  });

  it('refuses a signed charge.success with amount as a string, and credits the corrected redelivery', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 1_000);
    const id = randomUUID();
    const data = { id, reference: dep.reference, amount: '100000', currency: 'NGN' };
    const { result: res, warnings } = await capturingWarnings(() => webhook('charge.success', data));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: expect.any(String) });
    expect(await balanceOf(app, user)).toBe(0);
    expect(await intentRow(dep.reference)).toMatchObject({ status: 'PENDING', failureReason: null });
    expect(await processedEventsWith(id)).toEqual([]);
    expect(JSON.stringify(warnings)).toContain('data.amount');
    expect(JSON.stringify(warnings)).not.toContain(dep.reference);
    // Nothing was recorded for the refused delivery, so Paystack's retry of the same event applies.
    const retry = await webhook('charge.success', { ...data, amount: 100_000 });
    expect(retry.json().data.outcome).toBe('credited');
    expect(await balanceOf(app, user)).toBe(1_000);
    expect(await processedEventsWith(id)).toHaveLength(1);
  });

  it('acknowledges a well-formed event of a type it does not act on as ignored, changing nothing', async () => {
    const user = await createTestUser(app);
    const dep = await pendingDeposit(user, 1_000);
    const id = randomUUID();
    for (const attempt of [1, 2]) {
      const res = await webhook('paymentrequest.success', {
        id,
        reference: dep.reference,
        amount: 100_000,
        currency: 'NGN',
      });
      expect(res.statusCode, `attempt ${attempt}`).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { received: true, outcome: 'ignored' } });
    }
    expect(await balanceOf(app, user)).toBe(0);
    expect(await intentRow(dep.reference)).toMatchObject({ status: 'PENDING' });
    expect(await processedEventsWith(id)).toEqual([]);
  });
});

describe('parsePaystackEvent', () => {
  const charge = { id: 1, reference: 'ref_1', amount: 5_000, currency: 'NGN' };

  it('accepts the fields it acts on alongside any others Paystack sends, and null optional fields', () => {
    const parsed = parsePaystackEvent({
      event: 'charge.success',
      data: { ...charge, status: 'success', gateway_response: 'Approved', channel: null, customer: null },
      extra: true,
    });
    expect(parsed).toMatchObject({
      ok: true,
      event: { kind: 'acted', event: 'charge.success', data: { reference: 'ref_1', amount: 5_000 } },
    });
    expect(parsePaystackEvent({ event: 'transfer.success', data: { reference: 'wd_1' } })).toMatchObject({
      ok: true,
      event: { kind: 'acted', event: 'transfer.success' },
    });
  });

  it.each([
    ['a negative amount', { ...charge, amount: -1 }, 'data.amount'],
    ['a fractional amount', { ...charge, amount: 1.5 }, 'data.amount'],
    ['an amount beyond the safe integers', { ...charge, amount: 2 ** 60 }, 'data.amount'],
    ['a lower-case currency', { ...charge, currency: 'ngn' }, 'data.currency'],
    ['an empty reference', { ...charge, reference: '' }, 'data.reference'],
    ['a customer code that is not a string', { ...charge, customer: { customer_code: 7 } }, 'data.customer'],
  ])('refuses a charge.success with %s, naming the path and no value', (_name, data, path) => {
    const parsed = parsePaystackEvent({ event: 'charge.success', data });
    expect(parsed.ok).toBe(false);
    const { issues } = parsed as { issues: string };
    expect(issues).toContain(path);
    expect(issues).not.toMatch(/ngn|ref_1|-1|1\.5/);
  });

  it('refuses bodies that are not events at all, and transfer events without a reference', () => {
    for (const body of [
      null,
      [1, 2],
      'charge.success',
      { event: 'charge.success' },
      { event: 'x', data: [] },
    ])
      expect(parsePaystackEvent(body).ok).toBe(false);
    for (const event of ['transfer.success', 'transfer.failed', 'transfer.reversed'])
      expect(parsePaystackEvent({ event, data: { transfer_code: 'TRF_1' } })).toMatchObject({
        ok: false,
        issues: expect.stringContaining('data.reference'),
      });
  });

  it('recognises other event types without reading their data', () => {
    expect(parsePaystackEvent({ event: 'subscription.create', data: { anything: [1] } })).toEqual({
      ok: true,
      event: { kind: 'other', event: 'subscription.create' },
    });
  });
});
