import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import { confirmProviderPayment } from '../payments/payments.service.ts';
import type { App } from '../../app.ts';
import {
  createUser,
  deposit,
  driveTo,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let admin: TestUser;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, 'Admin');
  await makeAdmin(app, admin);
  buyer = await createUser(app, 'Chidi');
  seller = await createUser(app, 'Dayo');
});
afterAll(async () => {
  expect((await ledgerCheck(app, admin)).ok).toBe(true);
  await app.close();
});

const intent = async (id: string, paymentMethod = 'CARD') => {
  const res = await post(app, buyer, `/api/transactions/${id}/payment-intent`, { paymentMethod });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.paymentIntent as { reference: string; amount: number; testMode: boolean };
};

describe('card and bank transfer through a payment intent', () => {
  it('pays with a reference issued for this transaction, buyer and total', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const issued = await intent(id, 'BANK_TRANSFER');
    expect(issued).toMatchObject({
      amount: 1025,
      testMode: true,
      currency: 'NGN',
      paymentMethod: 'BANK_TRANSFER',
    });
    const before = await walletBalance(app, buyer);
    const res = await put(app, buyer, `/api/transactions/${id}/confirm-payment`, {
      paymentMethod: 'BANK_TRANSFER',
      paymentReference: issued.reference,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.transaction).toMatchObject({
      status: 'WAITING_FOR_SHIPMENT',
      paymentMethod: 'BANK_TRANSFER',
      paymentReference: issued.reference,
    });
    // The money came from the provider, not the wallet.
    expect(await walletBalance(app, buyer)).toBe(before);
  });

  it('refuses typed, foreign and reused references', async () => {
    const first = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const second = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const typed = await put(app, buyer, `/api/transactions/${first}/confirm-payment`, {
      paymentMethod: 'CARD',
      paymentReference: 'TRF-123456',
    });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().error).toBe('Invalid or already used payment reference');

    const forSecond = await intent(second);
    const foreign = await put(app, buyer, `/api/transactions/${first}/confirm-payment`, {
      paymentMethod: 'CARD',
      paymentReference: forSecond.reference,
    });
    expect(foreign.statusCode).toBe(422);

    const forFirst = await intent(first);
    const ok = await put(app, buyer, `/api/transactions/${first}/confirm-payment`, {
      paymentMethod: 'CARD',
      paymentReference: forFirst.reference,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const reused = await put(app, buyer, `/api/transactions/${second}/confirm-payment`, {
      paymentMethod: 'CARD',
      paymentReference: forFirst.reference,
    });
    expect(reused.statusCode).toBe(422);
    expect((await get(app, buyer, `/api/transactions/${second}`)).json().data.transaction.status).toBe(
      'ACTIVE',
    );

    const missing = await put(app, buyer, `/api/transactions/${second}/confirm-payment`, {
      paymentMethod: 'CARD',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Payment reference is required');
  });
});

describe('provider payments that can no longer be applied', () => {
  it('returns a collected payment to the wallet when the transaction is cancelled first', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const issued = await intent(id);
    // The provider collects the money (as a webhook or the return page would record it)...
    expect((await confirmProviderPayment(app.deps, issued.reference)).status).toBe('success');
    const before = await walletBalance(app, buyer);
    // ...but the buyer cancels before applying it: the payment lands in the wallet, once.
    const cancel = await post(app, buyer, `/api/transactions/${id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await walletBalance(app, buyer)).toBe(before + 1025);
    const late = await put(app, buyer, `/api/transactions/${id}/confirm-payment`, {
      paymentMethod: 'CARD',
      paymentReference: issued.reference,
    });
    expect(late.statusCode).toBe(409);
    expect(await walletBalance(app, buyer)).toBe(before + 1025);
  });

  it('credits a payment collected after the transaction was cancelled', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const issued = await intent(id);
    expect((await post(app, buyer, `/api/transactions/${id}/cancel`, {})).statusCode).toBe(200);
    const before = await walletBalance(app, buyer);
    expect((await confirmProviderPayment(app.deps, issued.reference)).status).toBe('success');
    expect(await walletBalance(app, buyer)).toBe(before + 1025);
    // A repeated confirmation (a duplicate webhook) credits nothing more.
    await confirmProviderPayment(app.deps, issued.reference);
    expect(await walletBalance(app, buyer)).toBe(before + 1025);
  });
});

describe('wallet payments', () => {
  it('refuses an empty wallet with the spec text and changes nothing', async () => {
    const poor = await createUser(app, 'Emeka');
    const id = await driveTo(app, { buyer: poor, seller }, 'ACTIVE');
    const res = await put(app, poor, `/api/transactions/${id}/confirm-payment`, { paymentMethod: 'WALLET' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', error: 'Insufficient wallet balance' });
    expect((await get(app, poor, `/api/transactions/${id}`)).json().data.transaction).toMatchObject({
      status: 'ACTIVE',
      paymentStatus: null,
    });
    const feed = (await get(app, poor, `/api/transactions/${id}/activities`)).json().data.activities;
    expect(feed.map((a: { action: string }) => a.action)).not.toContain('payment_made');
  });

  it('replays an Idempotency-Key instead of paying twice', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    await deposit(app, buyer, 1025);
    const before = await walletBalance(app, buyer);
    const headers = { 'idempotency-key': `pay-${id}` };
    const first = await put(
      app,
      buyer,
      `/api/transactions/${id}/confirm-payment`,
      { paymentMethod: 'WALLET' },
      headers,
    );
    const second = await put(
      app,
      buyer,
      `/api/transactions/${id}/confirm-payment`,
      { paymentMethod: 'WALLET' },
      headers,
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await walletBalance(app, buyer)).toBe(before - 1025);
  });
});
