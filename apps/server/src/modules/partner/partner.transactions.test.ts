import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import { mailsTo, signUp, logIn, bearer } from '../auth/auth.test-support.ts';
import {
  PNG_BYTES,
  checklist,
  createUser,
  deposit,
  multipart,
  put,
  shipment,
  type TestUser,
} from '../../testing/test-kit.ts';
import { createKey, partnerCall, partnerOrder, type PartnerKey } from './partner.test-support.ts';

describe('partner transactions (role SELLER)', () => {
  let app: App;
  let shop: TestUser;
  let key: PartnerKey;

  beforeAll(async () => {
    app = await createTestApp();
    shop = await createUser(app, 'Shop');
    key = await createKey(app, shop);
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/partner/v1/transactions',
      headers: { ...key.headers, ...headers },
      payload: body as object,
    });

  it('runs a sale end to end: create, addressed join, payment in the app, shipment through the API', async () => {
    const buyerEmail = uniqueEmail('buyer');
    const order = partnerOrder(buyerEmail.toUpperCase());
    const created = await create(order);
    expect(created.statusCode, created.body).toBe(201);
    const tx = created.json().data.transaction;
    expect(tx).toMatchObject({
      status: 'PENDING',
      reference: order.reference,
      title: order.title,
      metadata: order.metadata,
      creatorRole: 'SELLER',
      sellerId: shop.id,
      useCourier: false,
      feePayer: 'BUYER',
      price: 25_000,
    });
    expect(tx.buyerPays).toBe(tx.total);
    expect(tx.invitations).toHaveLength(1);
    const [invitation] = tx.invitations;
    expect(invitation).toMatchObject({ role: 'BUYER', email: buyerEmail.toLowerCase() });
    expect(invitation.joinUrl).toBe(
      `${app.deps.config.publicUrl}/app/join-transaction/${invitation.inviteCode}`,
    );
    const [mail] = await mailsTo(app, buyerEmail.toLowerCase());
    expect(mail?.text).toContain(invitation.joinUrl);

    // Anyone else with the link is refused, as for Contact Vendor.
    const stranger = await createUser(app, 'Other');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/transactions/join',
      headers: stranger.headers,
      payload: { inviteCode: invitation.inviteCode },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('This invitation is addressed to another user');

    // The buyer signs up with that e-mail in the ordinary way and joins.
    const signed = await signUp(app, { email: buyerEmail.toLowerCase() });
    const token = await logIn(app, signed.email, signed.password);
    const buyer = { id: signed.user.id, email: signed.email, token, headers: bearer(token), name: 'Buyer' };
    const joined = await app.inject({
      method: 'POST',
      url: '/api/transactions/join',
      headers: buyer.headers,
      payload: { inviteCode: invitation.inviteCode },
    });
    expect(joined.statusCode, joined.body).toBe(200);

    await deposit(app, buyer, tx.total);
    const paid = await put(app, buyer, `/api/transactions/${tx.id}/confirm-payment`, {
      paymentMethod: 'WALLET',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const body = multipart(
      { purpose: 'shipment_photo', transactionId: tx.id },
      { name: 'item.png', data: PNG_BYTES },
    );
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/partner/v1/uploads',
      headers: { ...key.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json().data.upload.id as string;

    const shipped = await app.inject({
      method: 'POST',
      url: `/api/partner/v1/transactions/${tx.id}/ship`,
      headers: { ...key.headers, 'idempotency-key': `ship-${tx.id}` },
      payload: { shipmentData: shipment([photo], false) },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data.transaction.status).toBe('WAITING_FOR_BUYER_CONFIRMATION');

    const done = await put(app, buyer, `/api/transactions/${tx.id}/confirm-receipt`, checklist);
    expect(done.statusCode, done.body).toBe(200);
    const seen = await partnerCall(app, key, 'GET', `/transactions/${tx.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.transaction).toMatchObject({ status: 'COMPLETED', reference: order.reference });
    // The buyer's view in the app carries the partner's fields too.
    const inApp = await app.inject({
      method: 'GET',
      url: `/api/transactions/${tx.id}`,
      headers: buyer.headers,
    });
    expect(inApp.json().data.transaction).toMatchObject({
      reference: order.reference,
      metadata: order.metadata,
    });
  });

  it('answers a duplicate reference with 409 and the existing id; replays the same Idempotency-Key', async () => {
    const order = partnerOrder(uniqueEmail('dup'));
    const first = await create(order, { 'idempotency-key': `create-${order.reference}` });
    expect(first.statusCode).toBe(201);
    const id = first.json().data.transaction.id;
    const replay = await create(order, { 'idempotency-key': `create-${order.reference}` });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const duplicate = await create(order);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ success: false, code: 'CONFLICT', details: { id } });
    // Another partner may use the same reference.
    const other = await createUser(app, 'Other shop');
    const otherKey = await createKey(app, other);
    expect((await partnerCall(app, otherKey, 'POST', '/transactions', order)).statusCode).toBe(201);
  });

  it("gives partner X's key 404 on partner Y's transaction, and on app-made ones", async () => {
    const created = await create(partnerOrder(uniqueEmail('y')));
    const id = created.json().data.transaction.id as string;
    const x = await createUser(app, 'Xshop');
    const xKey = await createKey(app, x);
    const attempts = [
      partnerCall(app, xKey, 'GET', `/transactions/${id}`),
      partnerCall(app, xKey, 'POST', `/transactions/${id}/cancel`, { reason: 'mine now' }),
      partnerCall(app, xKey, 'POST', `/transactions/${id}/ship`, {
        shipmentData: shipment(['0190a0a0-0000-7000-8000-000000000000'], false),
      }),
      partnerCall(app, xKey, 'POST', `/transactions/${id}/handover`, { code: '123456' }),
      partnerCall(app, xKey, 'GET', `/transactions/${crypto.randomUUID()}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    const list = await partnerCall(app, xKey, 'GET', `/transactions?reference=${encodeURIComponent('x')}`);
    expect(list.json().data.transactions).toEqual([]);
  });

  it('lists by reference and status, and cancels before payment', async () => {
    const order = partnerOrder(uniqueEmail('list'));
    const id = (await create(order)).json().data.transaction.id as string;
    const byRef = await partnerCall(app, key, 'GET', `/transactions?reference=${order.reference}`);
    expect(byRef.statusCode).toBe(200);
    expect(byRef.json().data.transactions.map((t: { id: string }) => t.id)).toEqual([id]);
    const cancelled = await partnerCall(app, key, 'POST', `/transactions/${id}/cancel`, {
      reason: 'Out of stock',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.transaction).toMatchObject({
      status: 'CANCELLED',
      reference: order.reference,
    });
    const byStatus = await partnerCall(app, key, 'GET', '/transactions?status=CANCELLED&limit=50');
    expect(byStatus.json().data.transactions.map((t: { id: string }) => t.id)).toContain(id);
    const again = await partnerCall(app, key, 'POST', `/transactions/${id}/cancel`, {});
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input on every partner route with the 400 envelope, never 500', async () => {
    const id = (await create(partnerOrder(uniqueEmail('bad')))).json().data.transaction.id as string;
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    const bad: [string, string, unknown][] = [
      ['POST', '/transactions', {}],
      ['POST', '/transactions', partnerOrder(uniqueEmail('b'), { role: 'BROKER' })],
      ['POST', '/transactions', partnerOrder(uniqueEmail('b'), { role: 'BUYER' })],
      ['POST', '/transactions', partnerOrder('not-an-email')],
      ['POST', '/transactions', partnerOrder(uniqueEmail('b'), { price: -1 })],
      ['POST', '/transactions', partnerOrder(uniqueEmail('b'), { reference: '' })],
      ['POST', '/transactions', partnerOrder(uniqueEmail('b'), { metadata: tooMany })],
      ['POST', '/transactions', partnerOrder(uniqueEmail('b'), { metadata: { k: 'x'.repeat(501) } })],
      ['POST', '/transactions', partnerOrder(uniqueEmail('b'), { metadata: { k: 5 } })],
      ['GET', '/transactions?status=NOPE', undefined],
      ['GET', '/transactions?page=0', undefined],
      ['GET', `/transactions/${'x'.repeat(65)}`, undefined],
      ['POST', `/transactions/${id}/ship`, { shipmentData: { photos: [] } }],
      ['POST', `/transactions/${id}/ship`, ['not', 'an', 'object']],
      ['POST', `/transactions/${id}/milestones/m1/deliver`, { deliveryNote: 5 }],
      ['POST', `/transactions/${id}/handover`, { code: '12' }],
      ['POST', `/transactions/${id}/cancel`, { reason: 'x'.repeat(501) }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await partnerCall(app, key, method as 'GET' | 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const noFile = multipart({ purpose: 'shipment_photo', transactionId: id });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/partner/v1/uploads',
      headers: { ...key.headers, 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(upload.statusCode).toBe(400);
    // The metadata's limits are inclusive: 20 keys and 500 characters are fine.
    const max = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(500)]));
    const ok = await create(partnerOrder(uniqueEmail('max'), { metadata: max }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.transaction.metadata).toEqual(max);
  });
});
