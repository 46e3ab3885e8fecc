import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import {
  createUser,
  driveTo,
  get,
  post,
  put,
  shipment,
  uploadPhoto,
  walletBalance,
  type TestUser,
} from '../transactions/transactions.test-support.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Yemi');
  seller = await createUser(app, 'Zara');
});
afterAll(async () => {
  await app.close();
});

describe('payment conditions', () => {
  it('either party adds the delivery condition once; only the buyer confirms it, after shipment', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const created = await post(app, seller, '/api/payment-conditions/create', {
      transactionId: id,
      conditionType: 'DELIVERY_CONFIRMED',
      conditionValue: 'Buyer confirms the sofa arrived',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Delivery confirmation condition added',
      data: { condition: { isMet: false } },
    });
    const again = await post(app, buyer, '/api/payment-conditions/create', {
      transactionId: id,
      conditionType: 'DELIVERY_CONFIRMED',
    });
    expect(again.statusCode).toBe(409);
    const conditionId = created.json().data.condition.id;

    expect(
      (await put(app, buyer, '/api/payment-conditions/update', { conditionId, isMet: true })).statusCode,
    ).toBe(409);
    const photo = await uploadPhoto(app, seller, id);
    await put(app, seller, `/api/transactions/${id}/shipping-details`, {
      shipmentData: shipment([photo], false),
    });
    // The client's isMet/metAt are not trusted: the server sets both.
    const confirmed = await put(app, buyer, '/api/payment-conditions/update', {
      conditionId,
      isMet: false,
      metAt: '2001-01-01',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const condition = confirmed.json().data.condition;
    expect(condition.isMet).toBe(true);
    expect(Date.parse(condition.metAt)).toBeGreaterThan(Date.now() - 60_000);
    // Confirming delivery does not move money by itself.
    expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
      'WAITING_FOR_BUYER_CONFIRMATION',
    );
  });

  it('manual release pays the seller now and is recorded as a met MANUAL_APPROVAL', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const before = await walletBalance(app, seller);
    const res = await post(app, buyer, '/api/payment-conditions/manual-release', {
      transactionId: id,
      reason: 'Collected in person',
    });
    expect(res.statusCode, res.body).toBe(200);
    const manual = res
      .json()
      .data.conditions.find((c: { conditionType: string }) => c.conditionType === 'MANUAL_APPROVAL');
    expect(manual).toMatchObject({ isMet: true });
    expect(JSON.parse(manual.conditionValue)).toMatchObject({
      approvedBy: buyer.id,
      reason: 'Collected in person',
    });
    expect(await walletBalance(app, seller)).toBe(before + 1000);
    expect(
      (await post(app, buyer, '/api/payment-conditions/manual-release', { transactionId: id })).statusCode,
    ).toBe(409);
  });

  it('a new release date replaces the pending one', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const first = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (
        await post(app, buyer, '/api/payment-conditions/time-based', {
          transactionId: id,
          releaseDate: first,
        })
      ).statusCode,
    ).toBe(201);
    const moved = await post(app, buyer, '/api/payment-conditions/time-based', {
      transactionId: id,
      releaseDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(moved.statusCode).toBe(201);
    const { conditions } = (await get(app, buyer, `/api/payment-conditions/transaction/${id}`)).json().data;
    expect(conditions).toHaveLength(1);
    expect(conditions[0].releaseAt).toBe(moved.json().data.condition.releaseAt);
  });
});
