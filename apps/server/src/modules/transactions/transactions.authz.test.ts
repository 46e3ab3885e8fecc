import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import {
  checklist,
  createTransaction,
  createUser,
  deliveryDetails,
  driveTo,
  get,
  join,
  post,
  put,
  shipment,
  upload,
  uploadPhoto,
  PNG_BYTES,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let shipped: string;
let paid: string;
let photo: string;
let conditionId: string;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Bisi');
  seller = await createUser(app, 'Sani');
  stranger = await createUser(app, 'Eve');
  shipped = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
  paid = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT', { creatorRole: 'SELLER' });
  photo = (await get(app, buyer, `/api/transactions/${shipped}`)).json().data.transaction.shipmentData
    .photos[0];
  const created = await post(app, seller, '/api/payment-conditions/create', {
    transactionId: paid,
    conditionType: 'DELIVERY_CONFIRMED',
  });
  expect(created.statusCode, created.body).toBe(201);
  conditionId = created.json().data.condition.id;
});
afterAll(async () => {
  await app.close();
});

describe('a stranger gets 404 on every transaction route', () => {
  const routes = (id: string) =>
    [
      ['GET', `/api/transactions/${id}`, undefined],
      ['GET', `/api/transactions/${id}/activities`, undefined],
      ['GET', `/api/transactions/${id}/participants`, undefined],
      ['POST', `/api/transactions/${id}/cancel`, {}],
      ['PUT', `/api/transactions/${id}/delivery-details`, { deliveryDetails }],
      ['POST', `/api/transactions/${id}/payment-intent`, { paymentMethod: 'CARD' }],
      ['PUT', `/api/transactions/${id}/confirm-payment`, { paymentMethod: 'WALLET' }],
      ['PUT', `/api/transactions/${id}/shipping-details`, { shipmentData: shipment([photo], false) }],
      ['PUT', `/api/transactions/${id}/confirm-receipt`, checklist],
      ['GET', `/api/payment-conditions/transaction/${id}`, undefined],
      ['POST', '/api/payment-conditions/create', { transactionId: id, conditionType: 'DELIVERY_CONFIRMED' }],
      ['POST', '/api/payment-conditions/time-based', { transactionId: id, releaseDate: '2099-01-01' }],
      ['POST', '/api/payment-conditions/manual-release', { transactionId: id }],
    ] as const;

  it.each(['shipped', 'paid'])('on the %s transaction', async (which) => {
    const id = which === 'shipped' ? shipped : paid;
    for (const [method, url, payload] of routes(id)) {
      const res = await app.inject({
        method,
        url,
        headers: stranger.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(res.body).not.toContain(buyer.id);
    }
    expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).not.toBe(
      'CANCELLED',
    );
  });

  it('on unknown ids, foreign conditions, photos and uploads into the transaction', async () => {
    expect((await get(app, buyer, '/api/transactions/00000000-0000-7000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await get(app, buyer, '/api/transactions/not-a-uuid')).statusCode).toBe(404);
    expect(
      (await put(app, stranger, '/api/payment-conditions/update', { conditionId, isMet: true })).statusCode,
    ).toBe(404);
    expect((await get(app, stranger, `/api/uploads/${photo}`)).statusCode).toBe(404);
    const res = await upload(
      app,
      stranger,
      { purpose: 'shipment_photo', transactionId: shipped },
      { name: 'x.png', data: PNG_BYTES },
    );
    expect(res.statusCode).toBe(404);
  });

  it('without a token every route is 401', async () => {
    for (const url of [
      `/api/transactions/${shipped}`,
      '/api/transactions/my-transactions',
      '/api/transactions/stats',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/transactions/create', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('joining', () => {
  it('a taken transaction cannot be joined; nor your own', async () => {
    const { code } = await createTransaction(app, buyer);
    const own = await join(app, buyer, code);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('You cannot join your own transaction');
    expect((await join(app, seller, code)).statusCode).toBe(200);
    const taken = await join(app, stranger, code);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('This transaction already has a counterparty');
    expect((await get(app, stranger, `/api/transactions/invite/${code}`)).statusCode).toBe(404);
    expect((await get(app, seller, `/api/transactions/invite/${code}`)).statusCode).toBe(200);
    expect((await join(app, stranger, 'no-such-code')).statusCode).toBe(404);
  });
});

describe('wrong role → 403, wrong status → 409', () => {
  it('the seller cannot pay, give delivery details, confirm receipt or release', async () => {
    const active = await driveTo(app, { buyer, seller }, 'ACTIVE', { useCourier: true });
    expect(
      (await put(app, seller, `/api/transactions/${active}/confirm-payment`, { paymentMethod: 'WALLET' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(app, seller, `/api/transactions/${active}/payment-intent`, { paymentMethod: 'CARD' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(app, seller, `/api/transactions/${active}/delivery-details`, { deliveryDetails }))
        .statusCode,
    ).toBe(403);
    const receipt = await put(app, seller, `/api/transactions/${shipped}/confirm-receipt`, checklist);
    expect(receipt.statusCode).toBe(403);
    expect(receipt.json()).toMatchObject({ code: 'FORBIDDEN', error: 'Only the buyer can confirm receipt' });
    expect(
      (await post(app, seller, '/api/payment-conditions/manual-release', { transactionId: shipped }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await post(app, seller, '/api/payment-conditions/time-based', {
          transactionId: paid,
          releaseDate: '2099-01-01',
        })
      ).statusCode,
    ).toBe(403);
    expect((await put(app, seller, '/api/payment-conditions/update', { conditionId })).statusCode).toBe(403);
  });

  it('the buyer cannot confirm shipment or upload shipment photos', async () => {
    const res = await put(app, buyer, `/api/transactions/${paid}/shipping-details`, {
      shipmentData: shipment([photo], false),
    });
    expect(res.statusCode).toBe(403);
    const up = await upload(
      app,
      buyer,
      { purpose: 'shipment_photo', transactionId: paid },
      { name: 'x.png', data: PNG_BYTES },
    );
    expect(up.statusCode).toBe(403);
  });

  it('the right role in the wrong status gets 409 ILLEGAL_TRANSITION', async () => {
    const early = await put(app, buyer, `/api/transactions/${paid}/confirm-receipt`, checklist);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'ILLEGAL_TRANSITION',
      error: 'Confirming receipt is not possible while the transaction is waiting for shipment',
    });
    expect(
      (await put(app, buyer, `/api/transactions/${paid}/confirm-payment`, { paymentMethod: 'WALLET' }))
        .statusCode,
    ).toBe(409);
    const active = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const sellerPhoto = await uploadPhoto(app, seller, active);
    expect(
      (
        await put(app, seller, `/api/transactions/${active}/shipping-details`, {
          shipmentData: shipment([sellerPhoto], false),
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await put(app, buyer, `/api/transactions/${active}/delivery-details`, { deliveryDetails })).json()
        .error,
    ).toBe('This transaction does not use a courier');
    const locked = await post(app, buyer, '/api/payment-conditions/manual-release', { transactionId: paid });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(
      'Payment conditions cannot be modified in the current transaction state',
    );
    const { transaction } = await createTransaction(app, buyer);
    const pendingTime = await post(app, buyer, '/api/payment-conditions/time-based', {
      transactionId: transaction.id,
      releaseDate: '2099-01-01',
    });
    expect(pendingTime.statusCode).toBe(409);
    expect((await put(app, buyer, '/api/payment-conditions/update', { conditionId })).statusCode).toBe(409);
  });
});
