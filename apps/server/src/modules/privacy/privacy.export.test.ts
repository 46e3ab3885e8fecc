import { unzipSync, strFromU8 } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_TEXT } from '@escrow/shared/schemas/privacy';
import type { App } from '../../app.ts';
import { transactionActivities } from '../../db/schema/activities.ts';
import { messages as messageRows } from '../../db/schema/messages.ts';
import { dataExports } from '../../db/schema/privacy.ts';
import { systemClock } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { castOf, disputeBody, type Cast } from '../disputes/disputes.test-support.ts';
import { submitDocument } from '../identity/identity.test-support.ts';
import { verifyPhone } from '../phone/phone.test-support.ts';
import {
  createUser,
  driveTo,
  get,
  PNG_BYTES,
  post,
  put,
  upload,
  type TestUser,
} from '../../testing/test-kit.ts';
import { completedTrade } from '../vendors/vendors.test-support.ts';
import { nuban } from '../wallet/wallet.test-helpers.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { runJobsUntilExport } from './privacy.test-support.ts';

/**
 * "Download my data": the owner's ZIP holds each kind of their records and nothing of anyone else,
 * only the owner downloads it, it is gone after 7 days, and there is one a day.
 */
let app: App;
let cast: Cast;
let owner: TestUser;
let other: TestUser;
let stranger: TestUser;
let completedId: string;
let disputedId: string;
let othersTradeId: string;
let pictureId: string;
let ownerPhone: string;
const start = new Date(Date.now() + 60_000);
const at = (ms: number) => () => new Date(start.getTime() + ms);
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
  cast = await castOf(app);
  owner = await createUser(app, 'Owner');
  other = await createUser(app, 'Other');
  stranger = await createUser(app, 'Stranger');
  app.deps.clock.now = at(0);
  ownerPhone = await verifyPhone(app, owner);

  completedId = await completedTrade(app, owner, other);
  expect((await post(app, owner, `/api/transactions/${completedId}/rating`, { rating: 5 })).statusCode).toBe(
    201,
  );
  for (const [from, content] of [
    [owner, 'Owner says hello'],
    [other, 'Other answers'],
  ] as const)
    expect((await post(app, from, '/api/messages', { transactionId: completedId, content })).statusCode).toBe(
      201,
    );
  disputedId = await driveTo(app, { buyer: owner, seller: other }, 'WAITING_FOR_BUYER_CONFIRMATION');
  expect((await post(app, owner, '/api/disputes', disputeBody(disputedId))).statusCode).toBe(201);
  // The other party's trade with someone else, and its chat: never in the owner's export.
  othersTradeId = await driveTo(app, { buyer: other, seller: stranger }, 'ACTIVE');
  await post(app, stranger, '/api/messages', {
    transactionId: othersTradeId,
    content: 'Secret between them',
  });

  const picture = await upload(
    app,
    owner,
    { purpose: 'profile_picture' },
    { name: 'me.png', data: PNG_BYTES },
  );
  pictureId = picture.json().data.upload.id;
  await put(app, owner, '/api/auth/me', { profilePictureId: pictureId });
  await submitDocument(app, owner, 'PASSPORT', 'A12345678');
  const bank = await post(app, owner, '/api/wallet/bank-accounts', {
    bankCode: '058',
    accountNumber: nuban('058', '012345678'),
  });
  expect(bank.statusCode, bank.body).toBe(201);
});
afterAll(async () => {
  app.deps.clock.now = systemClock().now;
  await app.close();
});

const requestExport = (user: TestUser) => post(app, user, '/api/auth/me/export');
const listExports = async (user: TestUser) => (await get(app, user, '/api/auth/me/exports')).json().data;

describe('Download my data', () => {
  let exportId: string;
  let zip: Record<string, Uint8Array>;
  const json = (name: string) => JSON.parse(strFromU8(zip[name]!)) as unknown;

  it('is asked for once a day and prepared by the scheduler, announced by notification and e-mail', async () => {
    const asked = await requestExport(owner);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      message: PRIVACY_TEXT.exportRequested,
      data: { export: { status: 'PENDING' } },
    });
    exportId = asked.json().data.export.id;

    const again = await requestExport(owner);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'RATE_LIMITED', error: PRIVACY_TEXT.exportOncePerDay(24) });
    expect(Number(again.headers['retry-after'])).toBe(24 * 3600);
    expect((await listExports(owner)).nextRequestAt).toBe(new Date(start.getTime() + DAY).toISOString());

    app.deps.clock.now = at(60_000);
    await runJobsUntilExport(app, exportId, 'READY');
    const [ready] = (await listExports(owner)).exports;
    expect(ready).toMatchObject({
      id: exportId,
      status: 'READY',
      downloadUrl: `/api/auth/me/exports/${exportId}/download`,
      expiresAt: new Date(start.getTime() + 60_000 + 7 * DAY).toISOString(),
    });
    const notes = (await get(app, owner, '/api/notifications')).json().data.notifications;
    expect(notes[0]).toMatchObject({
      title: PRIVACY_TEXT.exportReadyTitle,
      message: PRIVACY_TEXT.exportReadyMessage(7),
    });
    expect(await mailsTo(app, owner.email, { subject: PRIVACY_TEXT.exportReadyTitle })).toHaveLength(1);
  });

  it('holds each kind of the owner record and their files', async () => {
    const res = await get(app, owner, `/api/auth/me/exports/${exportId}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="amana-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(
      Object.keys(zip)
        .filter((name) => !name.startsWith('files/'))
        .sort(),
    ).toEqual([
      'README.txt',
      'bank-accounts.json',
      'disputes.json',
      'files.json',
      'messages.json',
      'notifications.json',
      'profile.json',
      'ratings.json',
      'sessions.json',
      'transactions.json',
      'verification.json',
      'wallet-statement.json',
    ]);
    expect(json('profile.json')).toMatchObject({
      profile: { id: owner.id, email: owner.email, profilePicture: pictureId },
      verifiedPhone: { phone: ownerPhone, verifiedAt: start.toISOString() },
    });
    expect((json('sessions.json') as unknown[]).length).toBeGreaterThan(0);
    const trades = json('transactions.json') as { transaction: { id: string }; activities: unknown[] }[];
    expect(trades.map((t) => t.transaction.id).sort()).toEqual([completedId, disputedId].sort());
    expect(trades.every((t) => t.activities.length > 0)).toBe(true);
    const messages = (json('messages.json') as { content: string; transactionId: string }[]).map(
      (m) => m.content,
    );
    expect(messages).toEqual(expect.arrayContaining(['Owner says hello', 'Other answers']));
    expect((json('disputes.json') as { transactionId: string }[]).map((d) => d.transactionId)).toEqual([
      disputedId,
    ]);
    const notifications = json('notifications.json') as { userId: string }[];
    expect(notifications.length).toBeGreaterThan(0);
    expect(notifications.every((n) => n.userId === owner.id)).toBe(true);
    expect(json('ratings.json')).toMatchObject({ ratingsGiven: [{ transactionId: completedId, rating: 5 }] });
    expect(json('verification.json')).toMatchObject({
      documents: [{ documentType: 'PASSPORT', documentNumber: '*****5678', status: 'PENDING_REVIEW' }],
    });
    const banks = json('bank-accounts.json') as { bankAccounts: { accountNumber: string }[] };
    expect(banks.bankAccounts[0]!.accountNumber).toMatch(/^\*{6}\d{4}$/);
    const [statement] = json('wallet-statement.json') as { currency: string; entries: unknown[] }[];
    expect(statement).toMatchObject({ currency: 'NGN' });
    expect(statement!.entries.length).toBeGreaterThan(0);
    const files = json('files.json') as { id: string; purpose: string; path: string }[];
    expect(files.map((f) => f.purpose).sort()).toEqual(['identity_document', 'profile_picture']);
    const picture = files.find((f) => f.id === pictureId)!;
    expect(Buffer.from(zip[picture.path]!)).toEqual(PNG_BYTES);
  });

  it('holds nothing of anyone else: no other trade, chat, e-mail or full number', async () => {
    const everything = Object.entries(zip)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    for (const foreign of [
      othersTradeId,
      'Secret between them',
      other.email,
      stranger.email,
      stranger.name,
      'A12345678',
    ])
      expect(everything.includes(foreign), foreign).toBe(false);
  });

  it('is downloaded by its owner only: another user, staff and a stranger get 404', async () => {
    for (const user of [other, stranger, cast.admin, cast.support]) {
      const res = await get(app, user, `/api/auth/me/exports/${exportId}/download`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: PRIVACY_TEXT.exportNotFound,
      });
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/me/exports/${exportId}/download` })).statusCode,
    ).toBe(401);
  });

  it('is gone after 7 days: refused at once, then deleted from storage by the scheduler', async () => {
    const [row] = (await listExports(owner)).exports;
    const [stored] = await app.deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(await app.deps.storage.size(stored!.storageKey!)).toBeGreaterThan(0);
    app.deps.clock.now = at(60_000 + 7 * DAY + 1000);
    expect((await get(app, owner, row.downloadUrl)).statusCode).toBe(404);
    expect((await listExports(owner)).exports[0]).toMatchObject({ status: 'EXPIRED', downloadUrl: null });
    await runJobsUntilExport(app, exportId, 'EXPIRED');
    expect((await listExports(owner)).exports[0]).toMatchObject({
      status: 'EXPIRED',
      downloadUrl: null,
      size: null,
    });
    expect(await app.deps.storage.size(stored!.storageKey!)).toBeNull();
  });

  it('may be asked for again a day after the last request', async () => {
    // The clock is 7 days on from the first request.
    expect((await requestExport(owner)).statusCode).toBe(202);
  });
});

describe('Download my data, in the account’s saved language', () => {
  it('writes a Yoruba account’s activity, the app’s chat lines and its wallet lines in Yoruba', async () => {
    const yoruba = await createUser(app, 'Adébáyọ̀');
    expect((await put(app, yoruba, '/api/auth/me', { language: 'yo' })).statusCode).toBe(200);
    const tradeId = await driveTo(app, { buyer: yoruba, seller: other }, 'WAITING_FOR_SHIPMENT');
    const asked = await requestExport(yoruba);
    expect(asked.statusCode, asked.body).toBe(202);
    await runJobsUntilExport(app, asked.json().data.export.id, 'READY');
    const [ready] = (await listExports(yoruba)).exports;
    const res = await get(app, yoruba, ready.downloadUrl);
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!)) as unknown;

    // Each activity as stored (a message id with its values), written in Yoruba, not English.
    const stored = await app.deps.db
      .select()
      .from(transactionActivities)
      .where(eq(transactionActivities.transactionId, tradeId));
    const trades = json('transactions.json') as {
      transaction: { id: string };
      activities: { id: string; description: string }[];
    }[];
    const activities = trades.find((t) => t.transaction.id === tradeId)!.activities;
    expect(stored.length).toBeGreaterThan(1);
    expect(activities).toHaveLength(stored.length);
    for (const row of stored) {
      const english = translate('en', row.description, row.params);
      const written = activities.find((a) => a.id === row.id)!.description;
      expect(written).toBe(translate('yo', row.description, row.params));
      expect(written).not.toBe(english);
    }

    // The SYSTEM lines of the trade's chat: the payment's carries the amount as its value.
    const system = await app.deps.db
      .select()
      .from(messageRows)
      .where(and(eq(messageRows.transactionId, tradeId), eq(messageRows.messageType, 'SYSTEM')));
    expect(system.some((row) => Object.keys(row.params ?? {}).length > 0)).toBe(true);
    const chat = json('messages.json') as { id: string; content: string }[];
    for (const row of system) {
      const written = chat.find((m) => m.id === row.id)!.content;
      expect(written).toBe(translate('yo', row.content, row.params));
      expect(written).not.toBe(translate('en', row.content, row.params));
    }

    // The wallet statement's lines as the Yoruba wallet screen shows them.
    const [statement] = json('wallet-statement.json') as { entries: { description: string }[] }[];
    const deposit = translate('yo', msg('Wallet deposit'));
    expect(deposit).not.toBe('Wallet deposit');
    expect(statement!.entries.map((e) => e.description)).toContain(deposit);
    expect(statement!.entries.map((e) => e.description)).not.toContain('Wallet deposit');
  });
});
