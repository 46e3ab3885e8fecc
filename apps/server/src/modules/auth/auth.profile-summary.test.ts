import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checklist, createUser, driveTo, PNG_BYTES, upload, type TestUser } from '../../testing/test-kit.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const MB = 1024 * 1024;
const putMe = (user: TestUser, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/auth/me', headers: user.headers, payload });
const profile = (user: TestUser) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', headers: user.headers });

describe('profile picture', () => {
  it('takes an image (by its content) up to 5 MB and refuses anything else with the spec texts', async () => {
    const user = await createUser(app, 'Picture');
    const notImage = await upload(
      app,
      user,
      { purpose: 'profile_picture' },
      { name: 'me.png', data: Buffer.from('just some text pretending to be a png'), type: 'image/png' },
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({ success: false, error: 'Please select an image file' });

    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * MB + 1 - PNG_BYTES.length)]);
    const tooBig = await upload(app, user, { purpose: 'profile_picture' }, { name: 'big.png', data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ success: false, error: 'Image size should be less than 5MB' });

    const good = await upload(
      app,
      user,
      { purpose: 'profile_picture' },
      // The browser's claim is ignored: the bytes are a PNG.
      { name: 'me.txt', data: PNG_BYTES, type: 'text/plain' },
    );
    expect(good.statusCode).toBe(201);
    const pictureId: string = good.json().data.upload.id;
    expect(good.json().data.upload.mimeType).toBe('image/png');

    const res = await putMe(user, { profilePictureId: pictureId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.profilePicture).toBe(pictureId);
  });

  it('is shown to a counterparty (any signed-in user), never to the signed-out', async () => {
    const owner = await createUser(app, 'Owner');
    const other = await createUser(app, 'Counterparty');
    const id: string = (
      await upload(app, owner, { purpose: 'profile_picture' }, { name: 'me.png', data: PNG_BYTES })
    ).json().data.upload.id;
    await putMe(owner, { profilePictureId: id });
    const seen = await app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: other.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${id}` })).statusCode).toBe(401);
  });

  it("refuses another user's picture or an upload made for something else", async () => {
    const user = await createUser(app, 'Thief');
    const victim = await createUser(app, 'Victim');
    const theirs: string = (
      await upload(app, victim, { purpose: 'profile_picture' }, { name: 'v.png', data: PNG_BYTES })
    ).json().data.upload.id;
    const res = await putMe(user, { profilePictureId: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid profile picture' });
  });
});

describe('GET /api/auth/profile', () => {
  it('answers the counts of completed and active transactions from the server, the role label and member since', async () => {
    const buyer = await createUser(app, 'Counted');
    const seller = await createUser(app, 'Seller');
    const fresh = (await profile(buyer)).json().data;
    expect(fresh).toMatchObject({
      stats: { completedTransactions: 0, activeTransactions: 0 },
      role: 'buyer',
      user: { id: buyer.id, hideAmounts: false },
    });
    expect(Number.isNaN(Date.parse(fresh.memberSince))).toBe(false);

    await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const done = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const confirmed = await app.inject({
      method: 'PUT',
      url: `/api/transactions/${done}/confirm-receipt`,
      headers: buyer.headers,
      payload: checklist,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await profile(buyer)).json().data.stats).toEqual({
      completedTransactions: 1,
      activeTransactions: 1,
    });
    // The seller's figures are theirs, from the same trades.
    expect((await profile(seller)).json().data.stats).toEqual({
      completedTransactions: 1,
      activeTransactions: 1,
    });
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
  });
});

describe('hide amounts by default', () => {
  it('is off by default, stored on the server, and refuses anything but a boolean', async () => {
    const user = await createUser(app, 'Private');
    expect((await putMe(user, { hideAmounts: true })).json().data.user.hideAmounts).toBe(true);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.json().data.user.hideAmounts).toBe(true);
    const bad = await putMe(user, { hideAmounts: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
