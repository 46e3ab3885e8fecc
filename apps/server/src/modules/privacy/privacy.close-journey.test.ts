import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_ACCOUNT_NAME, PRIVACY_TEXT } from '@escrow/shared/schemas/privacy';
import type { App } from '../../app.ts';
import { phoneVerifications, smsMessages, verifiedPhones } from '../../db/schema/phone.ts';
import { dataExports } from '../../db/schema/privacy.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, disputeBody, type Cast } from '../disputes/disputes.test-support.ts';
import { submitDocument } from '../identity/identity.test-support.ts';
import { verifyPhone } from '../phone/phone.test-support.ts';
import {
  driveTo,
  get,
  ledgerCheck,
  multipart,
  PNG_BYTES,
  post,
  put,
  upload,
  type TestUser,
} from '../../testing/test-kit.ts';
import { publish } from '../vendors/vendors.test-support.ts';
import {
  closeAccount,
  runJobsUntilExport,
  signUpAccountHolder,
  type AccountHolder,
} from './privacy.test-support.ts';

/**
 * One account with a full history (a courier trade, a chat with a file, a dispute decided by staff, a
 * rating, a vendor profile, a picture and an identity document) closes; then nothing personal of it is
 * left in what its counterparty or staff are answered, and its files are gone from storage.
 */
let app: App;
let cast: Cast;
let closer: AccountHolder;
let transactionId: string;
let disputeId: string;
let sellerVendorId: string;
let closerVendorId: string;
let chatFileId: string;
let storageKeys: string[];
/** The closer's verified phone, in the local form people write it in ('0803…'). */
let closerPhone: string;
const VENDOR_PHONE = '0809 555 0199';
const VENDOR_EMAIL = 'zainab.private.shop@example.com';

const lastNameOf = (user: TestUser) => user.name.split(' ')[1]!;

beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
  closer = await signUpAccountHolder(app, 'Zuwaira');
  closerPhone = `0${(await verifyPhone(app, closer)).slice(4)}`;
  // Shipping by SMS too: the shipment below writes a text message to the closer.
  expect(
    (await put(app, closer, '/api/notifications/channels', { shipping_updates: { sms: true } })).statusCode,
  ).toBe(200);
  sellerVendorId = (await publish(app, cast.seller)).id;
  closerVendorId = (await publish(app, closer, { phone: VENDOR_PHONE, email: VENDOR_EMAIL })).id;

  const picture = await upload(
    app,
    closer,
    { purpose: 'profile_picture' },
    { name: 'me.png', data: PNG_BYTES },
  );
  expect(picture.statusCode, picture.body).toBe(201);
  const pictureId = picture.json().data.upload.id as string;
  expect((await put(app, closer, '/api/auth/me', { profilePictureId: pictureId })).statusCode).toBe(200);
  await submitDocument(app, closer, 'PASSPORT', 'A98765432');

  transactionId = await driveTo(
    app,
    { buyer: closer, seller: cast.seller },
    'WAITING_FOR_BUYER_CONFIRMATION',
    {
      useCourier: true,
    },
  );
  const body = multipart({ transactionId }, { name: 'receipt.png', data: PNG_BYTES, type: 'image/png' });
  const chatFile = await app.inject({
    method: 'POST',
    url: '/api/messages/upload',
    headers: { ...closer.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(chatFile.statusCode, chatFile.body).toBe(200);
  chatFileId = chatFile.json().data.attachment.id;
  const messages = [
    [
      closer,
      `This is ${closer.name}, write to ${closer.email} or call ${VENDOR_PHONE} or text ${closerPhone}`,
      [chatFileId],
    ],
    [cast.seller, `Thanks ${closer.name}!`, []],
  ] as const;
  for (const [from, content, attachmentIds] of messages) {
    const sent = await post(app, from, '/api/messages', { transactionId, content, attachmentIds });
    expect(sent.statusCode, sent.body).toBe(201);
  }

  const raised = await post(app, closer, '/api/disputes', disputeBody(transactionId));
  expect(raised.statusCode, raised.body).toBe(201);
  disputeId = raised.json().data.id;
  const decided = await post(app, cast.admin, `/api/disputes/${disputeId}/resolutions`, {
    resolutionType: 'ADMIN_DECISION',
    resolution: 'RELEASE_PAYMENT',
    reason: 'The item matches the listing',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  const rated = await post(app, closer, `/api/transactions/${transactionId}/rating`, {
    rating: 4,
    review: 'Good seller',
  });
  expect(rated.statusCode, rated.body).toBe(201);

  // A prepared "Download my data" holds all of it: it must go too.
  const asked = await post(app, closer, '/api/auth/me/export');
  expect(asked.statusCode).toBe(202);
  const prepared = await runJobsUntilExport(app, asked.json().data.export.id, 'READY');

  const owned = await app.deps.db.select().from(uploads).where(eq(uploads.ownerId, closer.id));
  storageKeys = [...owned.map((u) => u.storageKey), prepared.storageKey!];
  expect(owned.map((u) => u.purpose).sort()).toEqual([
    'chat_attachment',
    'identity_document',
    'profile_picture',
  ]);
  for (const key of storageKeys) expect(await app.deps.storage.size(key)).not.toBeNull();

  // The shipment wrote its text message: closing must take it with the phone.
  const texts = await app.deps.db.select().from(smsMessages).where(eq(smsMessages.userId, closer.id));
  expect(texts.map((t) => t.body)).toEqual([expect.stringContaining('Your item has shipped')]);

  const closed = await closeAccount(app, closer, { password: closer.password });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json()).toEqual({ success: true, data: null, message: PRIVACY_TEXT.closed });
});
afterAll(async () => {
  await app.close();
});

/** Every answer's body, checked for each personal value the closed account had. */
function expectNothingPersonal(label: string, body: string) {
  for (const value of [
    lastNameOf(closer),
    'Zuwaira',
    closer.email,
    VENDOR_PHONE,
    VENDOR_PHONE.replace(/\s/g, ''),
    VENDOR_EMAIL,
    closerPhone,
    closerPhone.slice(1),
  ])
    expect(body.includes(value), `${label} still shows ${value}`).toBe(false);
}

describe('after closing', () => {
  it('the old token is refused at once, sign-in fails as for an unknown user, the e-mail signs up again', async () => {
    expect((await get(app, closer, '/api/auth/me')).statusCode).toBe(401);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: closer.email, password: closer.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().code).toBe('INVALID_CREDENTIALS');
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: closer.email,
        password: 'a-new-life-2',
        firstName: 'Hauwa',
        lastName: 'Again',
        acceptPrivacyNotice: true,
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.user.id).not.toBe(closer.id);
  });

  it('its verified phone, the codes sent to it and its text messages are gone', async () => {
    const { db } = app.deps;
    expect(await db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, closer.id))).toEqual([]);
    expect(
      await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, closer.id)),
    ).toEqual([]);
    expect(await db.select().from(smsMessages).where(eq(smsMessages.userId, closer.id))).toEqual([]);
  });

  it('the ledger still balances', async () => {
    expect((await ledgerCheck(app, cast.admin)).ok).toBe(true);
  });

  it('its picture, document, chat file and data export are gone from storage, rows and downloads', async () => {
    for (const key of storageKeys) expect(await app.deps.storage.size(key)).toBeNull();
    expect(await app.deps.db.select().from(uploads).where(eq(uploads.ownerId, closer.id))).toEqual([]);
    expect(await app.deps.db.select().from(dataExports).where(eq(dataExports.userId, closer.id))).toEqual([]);
    expect((await get(app, cast.seller, `/api/uploads/${chatFileId}`)).statusCode).toBe(404);
  });

  it('the counterparty sees "Closed account" and nothing personal in the trade, chat, dispute, notices and reviews', async () => {
    const trade = await get(app, cast.seller, `/api/transactions/${transactionId}`);
    expect(trade.json().data.transaction).toMatchObject({
      status: 'COMPLETED',
      creatorName: CLOSED_ACCOUNT_NAME,
      deliveryDetails: expect.objectContaining({
        fullName: CLOSED_ACCOUNT_NAME,
        phoneNumber: '',
        address: '',
      }),
    });
    const chat = await get(app, cast.seller, `/api/messages/transactions/${transactionId}`);
    expect(chat.body).toContain(`write to ${CLOSED_ACCOUNT_NAME} or call ${CLOSED_ACCOUNT_NAME}`);
    expect(chat.body).not.toContain(chatFileId);
    const vendor = await get(app, cast.seller, `/api/vendors/${sellerVendorId}`);
    expect(vendor.json().data.reviews[0]).toMatchObject({ buyerName: CLOSED_ACCOUNT_NAME, rating: 4 });
    for (const url of [
      `/api/transactions/${transactionId}`,
      `/api/transactions/${transactionId}/activities`,
      `/api/transactions/${transactionId}/participants`,
      '/api/transactions/my-transactions',
      `/api/messages/transactions/${transactionId}`,
      '/api/messages/conversations',
      `/api/disputes/${disputeId}`,
      '/api/disputes',
      '/api/notifications',
      `/api/vendors/${sellerVendorId}`,
      '/api/vendors',
    ]) {
      const res = await get(app, cast.seller, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expectNothingPersonal(url, res.body);
    }
    // The hidden vendor profile is gone for everyone.
    expect((await get(app, cast.seller, `/api/vendors/${closerVendorId}`)).statusCode).toBe(404);
  });

  it('staff see that it closed and when, nothing personal, and cannot suspend or reinstate it', async () => {
    const page = await get(app, cast.admin, `/api/admin/users/${closer.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.user).toMatchObject({
      firstName: 'Closed',
      lastName: 'account',
      closedAt: expect.any(String),
    });
    expect(page.json().data.user.email).toMatch(/^closed\+[0-9a-f-]{36}@invalid$/);
    for (const url of [
      `/api/admin/users/${closer.id}`,
      `/api/admin/users?q=${encodeURIComponent(lastNameOf(closer))}`,
      `/api/disputes/${disputeId}`,
      `/api/admin/disputes`,
      `/api/admin/transactions/${transactionId}/ledger`,
      `/api/admin/audit-log?targetId=${closer.id}`,
    ]) {
      const res = await get(app, cast.admin, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expectNothingPersonal(url, res.body);
    }
    const audit = (await get(app, cast.admin, `/api/admin/audit-log?targetId=${closer.id}`)).json().data
      .entries;
    expect(audit).toEqual([
      expect.objectContaining({ action: 'user.close', actorId: closer.id, actorName: CLOSED_ACCOUNT_NAME }),
    ]);
    for (const action of ['suspend', 'reinstate']) {
      const res = await post(app, cast.admin, `/api/admin/users/${closer.id}/${action}`, {
        reason: 'Fraud check',
      });
      expect(res.statusCode, res.body).toBe(409);
    }
  });

  it('closing again is impossible: the account has no session left', async () => {
    expect((await closeAccount(app, closer, { password: closer.password })).statusCode).toBe(401);
  });
});
