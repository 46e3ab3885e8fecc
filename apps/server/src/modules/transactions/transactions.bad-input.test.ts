import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import {
  checklist,
  createUser,
  deliveryDetails,
  driveTo,
  get,
  post,
  put,
  shipment,
  upload,
  uploadPhoto,
  walletBalance,
  PNG_BYTES,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Gbenga');
  seller = await createUser(app, 'Halima');
});
afterAll(async () => {
  await app.close();
});

/** Every bad request must be a 4xx envelope: never a 500, never a success. */
function expect4xx(res: { statusCode: number; body: string }, message?: string) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ success: false });
  expect(typeof body.error).toBe('string');
  if (message) expect(body.error).toBe(message);
}

const valid = { creatorRole: 'BUYER', useCourier: false, description: 'Laptop', price: 1000 };

describe('create', () => {
  it.each([
    [{ ...valid, price: -1 }, 'Price must be greater than 0'],
    [{ ...valid, price: 0 }, 'Price must be greater than 0'],
    [{ ...valid, price: 'NaN' }, 'Price must be greater than 0'],
    [{ ...valid, price: 10.123 }, 'Amounts can have at most 2 decimal places'],
    [{ ...valid, price: 1e20 }, undefined],
    [{ ...valid, price: '1000' }, undefined],
    [{ ...valid, currency: 'XYZ' }, undefined],
    [{ ...valid, creatorRole: 'ADMIN' }, undefined],
    [{ ...valid, useCourier: 'yes' }, undefined],
    [{ ...valid, description: '' }, 'Description is required'],
    [{ ...valid, description: 'x'.repeat(5000) }, 'Description must be at most 2000 characters'],
    [{ ...valid, itemQuantity: 0 }, 'Quantity must be at least 1'],
    [{ ...valid, estimatedDeliveryDays: 31 }, 'Estimated delivery days must be between 1 and 30'],
    [{ ...valid, creatorRole: 'SELLER' }, 'Item type is required'],
    [{ ...valid, itemCategory: 'Weapons' }, undefined],
    [{ ...valid, maximumBudget: -5 }, undefined],
    [{ useCourier: false }, undefined],
    [[], undefined],
    [null, undefined],
  ])('refuses %j', async (payload, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/transactions/create',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect4xx(res, message);
  });

  it('refuses a 1 MB description, malformed JSON and a wrong content type', async () => {
    const huge = await post(app, buyer, '/api/transactions/create', {
      ...valid,
      description: 'x'.repeat(1024 * 1024),
    });
    expect4xx(huge);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/transactions/create',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: '{"description": ',
    });
    expect4xx(malformed);
    const text = await app.inject({
      method: 'POST',
      url: '/api/transactions/create',
      headers: { ...buyer.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect4xx(text);
    const list = (await get(app, buyer, '/api/transactions/my-transactions')).json().data;
    expect(list.total).toBe(0);
  });

  it('ignores a client fee and total and stores hostile text as text', async () => {
    const res = await post(app, buyer, '/api/transactions/create', {
      ...valid,
      description: "<script>alert(1)</script> '; drop table transactions; --",
      fee: 0,
      total: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.transaction).toMatchObject({ fee: 25, total: 1025 });
    expect(res.json().data.transaction.description).toContain('<script>');
  });
});

describe('lifecycle payloads', () => {
  it('delivery details: bad phone, state, country, missing and oversized fields', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE', { useCourier: true });
    const url = `/api/transactions/${id}/delivery-details`;
    const cases: [unknown, string | undefined][] = [
      [
        { deliveryDetails: { ...deliveryDetails, phoneNumber: '12345' } },
        'Please enter a valid Nigerian phone number',
      ],
      [{ deliveryDetails: { ...deliveryDetails, phoneNumber: '' } }, 'Phone number is required'],
      [{ deliveryDetails: { ...deliveryDetails, state: 'Texas' } }, 'State is required'],
      [
        { deliveryDetails: { ...deliveryDetails, country: 'Ghana' } },
        'Delivery addresses must be in Nigeria',
      ],
      [{ deliveryDetails: { ...deliveryDetails, zipCode: ' ' } }, 'ZIP code is required'],
      [{ deliveryDetails: { ...deliveryDetails, address: 'a'.repeat(10_000) } }, undefined],
      [{ deliveryDetails: 'Lagos' }, undefined],
      [{}, undefined],
    ];
    for (const [payload, message] of cases) expect4xx(await put(app, buyer, url, payload), message);
    expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe('ACTIVE');
  });

  it('payment: unknown method, missing body; the wallet is untouched', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const before = await walletBalance(app, buyer);
    const url = `/api/transactions/${id}/confirm-payment`;
    expect4xx(await put(app, buyer, url, { paymentMethod: 'BITCOIN' }));
    expect4xx(await put(app, buyer, url));
    expect4xx(await put(app, buyer, url, { paymentMethod: 'CARD', paymentReference: 'x'.repeat(500) }));
    expect4xx(
      await put(app, buyer, url, { paymentMethod: 'WALLET' }, { 'idempotency-key': 'x'.repeat(200) }),
    );
    expect4xx(await post(app, buyer, `/api/transactions/${id}/payment-intent`, { paymentMethod: 'WALLET' }));
    expect(await walletBalance(app, buyer)).toBe(before);
  });

  it('shipment: past date, no photos, too many, foreign or fake ids, wrong condition, courier fields', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT', { useCourier: true });
    const photo = await uploadPhoto(app, seller, id);
    const other = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const foreign = await uploadPhoto(app, seller, other);
    const url = `/api/transactions/${id}/shipping-details`;
    const good = shipment([photo], true);
    const cases: [unknown, string | undefined][] = [
      [
        { shipmentData: { ...good, estimatedDelivery: '2020-01-01' } },
        'Estimated delivery date cannot be in the past',
      ],
      [{ shipmentData: { ...good, estimatedDelivery: 'soon' } }, 'Please enter estimated delivery date'],
      [{ shipmentData: { ...good, photos: [] } }, 'Please upload at least one photo of the item'],
      [{ shipmentData: { ...good, photos: Array(6).fill(photo) } }, 'You can upload at most 5 photos'],
      [{ shipmentData: { ...good, photos: ['../../etc/passwd'] } }, 'Invalid upload id'],
      [
        { shipmentData: { ...good, photos: [foreign] } },
        'Every photo must be a shipment photo you uploaded for this transaction',
      ],
      [{ shipmentData: { ...good, itemCondition: 'BROKEN' } }, undefined],
      [{ shipmentData: { ...good, courierService: 'Pigeon' } }, 'Please select courier service'],
      [{ shipmentData: shipment([photo], false) }, 'Please enter tracking number'],
    ];
    for (const [payload, message] of cases) expect4xx(await put(app, seller, url, payload), message);
    expect((await get(app, seller, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
      'WAITING_FOR_SHIPMENT',
    );
  });

  it('receipt: every box must be ticked', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const url = `/api/transactions/${id}/confirm-receipt`;
    const text = 'Please confirm all items before proceeding';
    expect4xx(await put(app, buyer, url, { ...checklist, noDisputes: false }), text);
    expect4xx(await put(app, buyer, url, { itemReceived: true }), text);
    expect4xx(await put(app, buyer, url), text);
    expect4xx(await put(app, buyer, url, { ...checklist, itemReceived: 'true' }), text);
    expect((await get(app, buyer, `/api/transactions/${id}`)).json().data.transaction.status).toBe(
      'WAITING_FOR_BUYER_CONFIRMATION',
    );
  });

  it('payment conditions: missing or past release dates, wrong types, junk ids', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    const url = '/api/payment-conditions/time-based';
    expect4xx(await post(app, buyer, url, { transactionId: id }), 'Please select a release date');
    expect4xx(
      await post(app, buyer, url, { transactionId: id, releaseDate: '' }),
      'Please select a release date',
    );
    expect4xx(
      await post(app, buyer, url, { transactionId: id, releaseDate: 'next friday' }),
      'Please select a release date',
    );
    expect4xx(
      await post(app, buyer, url, { transactionId: id, releaseDate: '2020-01-01' }),
      'The release date cannot be in the past',
    );
    expect4xx(
      await post(app, buyer, url, { transactionId: id, releaseDate: '2999-01-01' }),
      'The release date must be within one year',
    );
    expect4xx(
      await post(app, buyer, '/api/payment-conditions/create', {
        transactionId: id,
        conditionType: 'TIME_BASED',
      }),
    );
    expect4xx(
      await post(app, buyer, '/api/payment-conditions/create', {
        transactionId: 'x',
        conditionType: 'DELIVERY_CONFIRMED',
      }),
    );
    expect4xx(await put(app, buyer, '/api/payment-conditions/update', { conditionId: 'nope' }));
    // (Past 100 characters the router itself answers 414, before any route runs.)
    expect4xx(await get(app, buyer, `/api/payment-conditions/transaction/${'x'.repeat(80)}`));
  });

  it('list query: out-of-range paging and unknown filters', async () => {
    for (const query of [
      'limit=1000',
      'page=0',
      'page=-1',
      'status=FOO',
      'role=ADMIN',
      `q=${'x'.repeat(500)}`,
      'limit=abc',
    ])
      expect4xx(await get(app, buyer, `/api/transactions/my-transactions?${query}`));
  });

  it('join and invite: empty and oversized codes', async () => {
    expect4xx(await post(app, buyer, '/api/transactions/join', { inviteCode: '' }));
    expect4xx(await post(app, buyer, '/api/transactions/join', { inviteCode: 'x'.repeat(500) }));
    expect4xx(await post(app, buyer, '/api/transactions/join', {}));
    expect4xx(await get(app, buyer, `/api/transactions/invite/${'x'.repeat(80)}`));
  });
});

describe('uploads', () => {
  it('checks type by content, size per purpose, fields and the multipart form', async () => {
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const fields = { purpose: 'shipment_photo', transactionId: id };
    const fakeImage = await upload(app, seller, fields, {
      name: 'photo.png',
      data: Buffer.from('MZ\x90\x00 not an image'),
      type: 'image/png',
    });
    expect(fakeImage.statusCode).toBe(415);
    expect(fakeImage.json().error).toBe('photo.png is not an image file');

    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(app, seller, fields, { name: 'big.png', data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('big.png is too large. Maximum size is 5MB');

    const huge = await upload(app, seller, fields, {
      name: 'huge.png',
      data: Buffer.concat([PNG_BYTES, Buffer.alloc(11 * 1024 * 1024)]),
    });
    expect(huge.statusCode).toBe(413);

    expect4xx(await upload(app, seller, fields));
    expect4xx(await upload(app, seller, { purpose: 'malware' }, { name: 'a.png', data: PNG_BYTES }));
    expect4xx(
      await upload(app, seller, { purpose: 'shipment_photo' }, { name: 'a.png', data: PNG_BYTES }),
      'transactionId is required for this upload',
    );
    expect4xx(
      await upload(
        app,
        seller,
        { purpose: 'shipment_photo', transactionId: 'junk' },
        { name: 'a.png', data: PNG_BYTES },
      ),
    );
    expect4xx(await upload(app, seller, fields, { name: 'empty.png', data: Buffer.alloc(0) }));
    expect4xx(await post(app, seller, '/api/uploads', { purpose: 'shipment_photo' }));

    const chat = await upload(
      app,
      buyer,
      { purpose: 'chat_attachment', transactionId: id },
      { name: 'notes.txt', data: Buffer.from('Gate code 1234\n') },
    );
    expect(chat.statusCode, chat.body).toBe(201);
    expect(chat.json().data.upload).toMatchObject({ mimeType: 'text/plain', filename: 'notes.txt' });
    const exe = await upload(
      app,
      buyer,
      { purpose: 'chat_attachment', transactionId: id },
      { name: 'notes.txt', data: Buffer.from([0x4d, 0x5a, 0, 1, 2]) },
    );
    expect(exe.statusCode).toBe(415);

    const weird = await upload(app, seller, fields, { name: '../../évil name.png', data: PNG_BYTES });
    expect(weird.statusCode, weird.body).toBe(201);
    const file = await get(app, buyer, `/api/uploads/${weird.json().data.upload.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="_vil name.png"; filename*=UTF-8''${encodeURIComponent('évil name.png')}`,
    );
  });
});

describe('price bounds (₦100 to ₦50,000,000; USD, EUR, GBP 1 to 50,000)', () => {
  it.each([
    [{ ...valid, price: 99.99 }, 'Amount must be at least ₦100.00'],
    [{ ...valid, price: 0.01 }, 'Amount must be at least ₦100.00'],
    [{ ...valid, price: 50_000_000.01 }, 'Amount must be at most ₦50,000,000.00'],
    [{ ...valid, price: 99_999_999_999 }, 'Amount must be at most ₦50,000,000.00'],
    [{ ...valid, price: 'abc' }, 'Price must be greater than 0'],
    [{ ...valid, currency: 'USD', price: 0.5 }, 'Amount must be at least $1.00'],
    [{ ...valid, currency: 'GBP', price: 50_001 }, 'Amount must be at most £50,000.00'],
  ])('refuses %j with 400 and a message naming the bound', async (payload, message) => {
    const res = await post(app, buyer, '/api/transactions/create', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      success: false,
      error: message,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'price', message }],
    });
  });

  it.each([100, 50_000_000])('accepts ₦%d, the bound itself', async (price) => {
    const res = await post(app, buyer, '/api/transactions/create', { ...valid, price });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('follows TRANSACTION_PRICE_BOUNDS when it is configured', async () => {
    const configured = await createTestApp({ TRANSACTION_PRICE_BOUNDS: '{"NGN":{"min":500,"max":1000}}' });
    try {
      const user = await createUser(configured, 'Ifeoma');
      const low = await post(configured, user, '/api/transactions/create', { ...valid, price: 400 });
      expect(JSON.parse(low.body).error).toBe('Amount must be at least ₦500.00');
      const high = await post(configured, user, '/api/transactions/create', { ...valid, price: 1001 });
      expect(JSON.parse(high.body).error).toBe('Amount must be at most ₦1,000.00');
      const inside = await post(configured, user, '/api/transactions/create', { ...valid, price: 999 });
      expect(inside.statusCode, inside.body).toBe(201);
    } finally {
      await configured.close();
    }
  });
});
