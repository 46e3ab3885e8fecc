import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CHECKOUT_TEXT } from '@escrow/shared/schemas/test-checkout';
import type { App } from '../../app.ts';
import { extractPdfText } from '../../testing/pdf-text.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  createUser,
  driveTo,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';

// The test checkout of the sandbox provider (docs/money.md "Test checkout (sandbox provider)"): what a buyer
// sees instead of Paystack's page.
let app: App;
let admin: TestUser;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, 'Admin');
  await makeAdmin(app, admin);
  buyer = await createUser(app, 'Chidi');
  seller = await createUser(app, 'Dayo');
  stranger = await createUser(app, 'Eve');
});
afterAll(async () => {
  expect((await ledgerCheck(app, admin)).ok).toBe(true);
  await app.close();
});

const SUCCESS = { method: 'CARD', cardNumber: '4084 0840 8408 4081', expiry: '12/30', cvv: '408' };
const DECLINED = { ...SUCCESS, cardNumber: '4084080000005408' };
const NO_FUNDS = { ...SUCCESS, cardNumber: '5060666666666666666' };

async function checkoutFor(id: string, paymentMethod: 'CARD' | 'BANK_TRANSFER' = 'CARD') {
  const res = await post(app, buyer, `/api/transactions/${id}/payment-intent`, { paymentMethod });
  expect(res.statusCode, res.body).toBe(200);
  const intent = res.json().data.paymentIntent as { reference: string; authorizationUrl: string };
  expect(intent.authorizationUrl).toBe(`/app/test-checkout/${intent.reference}`);
  return intent.reference;
}
const pay = (reference: string, body: unknown, user = buyer) =>
  post(app, user, `/api/payments/test-checkout/${reference}`, body);
const confirm = (id: string, reference: string) =>
  put(app, buyer, `/api/transactions/${id}/confirm-payment`, {
    paymentMethod: 'CARD',
    paymentReference: reference,
  });

describe('test checkout', () => {
  it('shows the payer the amount, the transfer account and the way back; nobody else sees it', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const reference = await checkoutFor(id, 'BANK_TRANSFER');
    const res = await get(app, buyer, `/api/payments/test-checkout/${reference}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.checkout).toMatchObject({
      reference,
      amount: 1025,
      currency: 'NGN',
      method: 'BANK_TRANSFER',
      status: 'PENDING',
      failureReason: null,
      returnPath: `/app/payment/${id}?reference=${reference}`,
      transfer: { bankName: 'Wema Bank (test)', accountName: 'AMANA ESCROW COLLECTIONS (TEST)' },
    });
    expect(res.json().data.checkout.transfer.accountNumber).toMatch(/^\d{10}$/);
    for (const user of [seller, stranger]) {
      expect((await get(app, user, `/api/payments/test-checkout/${reference}`)).statusCode).toBe(404);
      expect((await pay(reference, SUCCESS, user)).statusCode).toBe(404);
    }
    for (const bad of ['nope', 'esc_' + '0'.repeat(32), `${reference}x`])
      expect((await get(app, buyer, `/api/payments/test-checkout/${bad}`)).statusCode).toBe(404);
    expect((await get(app, buyer, `/api/payments/test-checkout/${'a'.repeat(101)}`)).statusCode).toBe(414);
    const anonymous = await app.inject({ method: 'GET', url: `/api/payments/test-checkout/${reference}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pays by a good test card, then the transaction takes the reference', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const reference = await checkoutFor(id);
    const before = await walletBalance(app, buyer);
    const res = await pay(reference, SUCCESS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result).toEqual({
      status: 'success',
      message: null,
      returnPath: `/app/payment/${id}?reference=${reference}`,
    });
    // Paying twice is answered, not charged twice.
    expect((await pay(reference, SUCCESS)).json().data.result.message).toBe(TEST_CHECKOUT_TEXT.alreadyPaid);
    const paid = await confirm(id, reference);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.transaction).toMatchObject({
      status: 'WAITING_FOR_SHIPMENT',
      paymentMethod: 'CARD',
    });
    expect(await walletBalance(app, buyer)).toBe(before);
  });

  it('a declined card or one without funds leaves the payment unpaid; another card can still pay', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const reference = await checkoutFor(id);
    const declined = await pay(reference, DECLINED);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.result).toMatchObject({
      status: 'failed',
      message: TEST_CHECKOUT_TEXT.declined,
    });
    const poor = await pay(reference, NO_FUNDS);
    expect(poor.json().data.result).toMatchObject({
      status: 'failed',
      message: TEST_CHECKOUT_TEXT.insufficientFunds,
    });
    expect(
      (await get(app, buyer, `/api/payments/test-checkout/${reference}`)).json().data.checkout,
    ).toMatchObject({ status: 'PENDING', failureReason: TEST_CHECKOUT_TEXT.insufficientFunds });
    expect((await pay(reference, SUCCESS)).json().data.result.status).toBe('success');
    expect((await confirm(id, reference)).statusCode).toBe(200);
  });

  it('refuses to take a reference whose last card was declined, and then closes it', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const reference = await checkoutFor(id);
    await pay(reference, DECLINED);
    const refused = await confirm(id, reference);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('The payment was not successful');
    expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe('ACTIVE');
    const closed = await pay(reference, SUCCESS);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(TEST_CHECKOUT_TEXT.closed);
  });

  it("settles a bank transfer on 'I have sent the money'", async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const reference = await checkoutFor(id, 'BANK_TRANSFER');
    expect((await pay(reference, { method: 'BANK_TRANSFER' })).json().data.result.status).toBe('success');
    const paid = await put(app, buyer, `/api/transactions/${id}/confirm-payment`, {
      paymentMethod: 'BANK_TRANSFER',
      paymentReference: reference,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('pays ₦461,250 by card for a BASIC buyer: escrow holds have no balance cap', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE', { price: 450_000 });
    const reference = await checkoutFor(id);
    expect(
      (await get(app, buyer, `/api/payments/test-checkout/${reference}`)).json().data.checkout.amount,
    ).toBe(461_250);
    expect((await pay(reference, SUCCESS)).json().data.result.status).toBe('success');
    const paid = await confirm(id, reference);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.transaction.total).toBe(461_250);
    // The wallet history lists it, marked as money that did not come from the wallet.
    const history = await get(app, buyer, '/api/wallet/transactions?limit=50');
    expect(history.json().data.entries).toContainEqual(
      expect.objectContaining({
        type: 'escrow_hold',
        amount: 461_250,
        description: 'Card payment into escrow',
        reference,
        transactionId: id,
        counterparty: expect.stringMatching(/^Dayo Tester\d+$/),
        outsideWallet: true,
      }),
    );

    // The receipt (PDF) carries the reference, the parties, the amounts and the fee.
    const receipt = await get(app, buyer, `/api/transactions/${id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(
      `attachment; filename="amana-receipt-${id.slice(-8)}.pdf"`,
    );
    const text = await extractPdfText(receipt.rawPayload);
    for (const expected of [
      'Amana Escrow - Transaction receipt',
      id,
      reference,
      'NGN 450,000.00',
      'NGN 11,250.00',
      'NGN 461,250.00',
      'Card',
      'Awaiting Shipment',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Chidi Tester\d+/);
    expect(text).toMatch(/Dayo Tester\d+/);
    // The seller gets the same receipt; nobody else gets one.
    expect((await get(app, seller, `/api/transactions/${id}/receipt`)).statusCode).toBe(200);
    expect((await get(app, stranger, `/api/transactions/${id}/receipt`)).statusCode).toBe(404);

    // The month's wallet statement lists the card payment without counting it in the balance.
    const statement = await get(app, buyer, '/api/wallet/statement');
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    const lines = await extractPdfText(statement.rawPayload);
    expect(lines).toContain('Amana Escrow - Wallet statement');
    expect(lines).toContain('Card payment into escrow *');
    expect(lines).toContain('-NGN 461,250.00');
    expect(lines).toContain(reference);
  });

  it('refuses statement months that are malformed or have not started', async () => {
    for (const month of ['2026-13', '26-11', 'abc', '2026-1', "2026-11' or 1=1", '9'.repeat(500)]) {
      const res = await get(app, buyer, `/api/wallet/statement?month=${encodeURIComponent(month)}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const future = await get(app, buyer, '/api/wallet/statement?month=2099-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('A statement can only cover a month that has started');
    const empty = await get(app, stranger, '/api/wallet/statement?month=2025-01');
    expect(empty.statusCode).toBe(200);
    const text = await extractPdfText(empty.rawPayload);
    expect(text).toContain('No money moved in this month.');
    expect(text).toContain('NGN 0.00');
  });

  it('answers bad cards and hostile input with a 4xx, never a payment', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const reference = await checkoutFor(id);
    const cases: [unknown, number, string?][] = [
      [{ ...SUCCESS, cardNumber: '4111111111111111' }, 422, TEST_CHECKOUT_TEXT.unknownCard],
      [{ ...SUCCESS, expiry: '01/20' }, 422, TEST_CHECKOUT_TEXT.expired],
      [{ ...SUCCESS, expiry: '13/30' }, 400],
      [{ ...SUCCESS, cardNumber: 'abcd efgh ijkl' }, 400],
      [{ ...SUCCESS, cardNumber: '4'.repeat(10_000) }, 400],
      [{ ...SUCCESS, cvv: '<script>' }, 400],
      [{ ...SUCCESS, cardNumber: '4084\u00000840' }, 400],
      [{ method: 'CARD' }, 400],
      [{ method: 'CRYPTO' }, 400],
      [{}, 400],
      ['not json', 415],
    ];
    for (const [body, status, text] of cases) {
      const res = await pay(reference, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().success).toBe(false);
      if (text) expect(res.json().error).toBe(text);
    }
    const refused = await confirm(id, reference);
    // Nothing was paid by those attempts; an untouched sandbox reference still confirms at once.
    expect(refused.statusCode).toBe(200);
  });
});
