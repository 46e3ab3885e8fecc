import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  createUser,
  driveTo,
  get,
  PNG_BYTES,
  post,
  put,
  shipment,
  upload,
  uploadPhoto,
  type TestUser,
} from '../../testing/test-kit.ts';
import { removeUnattachedUploads, UNATTACHED_UPLOAD_TTL_MS } from './uploads.cleanup.ts';

/** Uploads never attached to anything are removed 24 hours on; attached ones and younger ones stay. */
describe('removing unattached uploads', () => {
  let app: App;
  let buyer: TestUser;
  let seller: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app, 'Bisi');
    seller = await createUser(app, 'Sola');
  });
  afterAll(async () => {
    await app.close();
  });

  const storageKey = async (id: string) =>
    (await app.deps.db.select().from(uploads).where(eq(uploads.id, id)))[0]?.storageKey;
  const later = (ms: number) => ({ ...app.deps, clock: { now: () => new Date(Date.now() + ms) } });

  it('removes the object and row of files nobody attached, keeps attached files and recent ones', async () => {
    const transactionId = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const shipped = await uploadPhoto(app, seller, transactionId);
    const unusedPhoto = await uploadPhoto(app, seller, transactionId);
    expect(
      (
        await put(app, seller, `/api/transactions/${transactionId}/shipping-details`, {
          shipmentData: shipment([shipped], false),
        })
      ).statusCode,
    ).toBe(200);
    const chat = async () => {
      const res = await upload(
        app,
        buyer,
        { purpose: 'chat_attachment', transactionId },
        { name: 'receipt.png', data: PNG_BYTES },
      );
      return res.json().data.upload.id as string;
    };
    const sentFile = await chat();
    const unsentFile = await chat();
    const sent = await post(app, buyer, '/api/messages', {
      transactionId,
      content: 'Sent: receipt.png',
      attachmentIds: [sentFile],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const picture = await upload(
      app,
      buyer,
      { purpose: 'profile_picture' },
      { name: 'me.png', data: PNG_BYTES },
    );
    const unusedPicture = picture.json().data.upload.id as string;
    const unusedKey = (await storageKey(unusedPhoto))!;

    // Not yet 24 hours old: nothing goes. (Counts are at least ours: on the PostgreSQL run other files'
    // uploads share the database.)
    await removeUnattachedUploads(later(UNATTACHED_UPLOAD_TTL_MS - 60_000));
    for (const id of [unusedPhoto, unsentFile, unusedPicture]) expect(await storageKey(id)).toBeDefined();
    expect(await removeUnattachedUploads(later(UNATTACHED_UPLOAD_TTL_MS + 60_000))).toBeGreaterThanOrEqual(3);
    for (const id of [unusedPhoto, unsentFile, unusedPicture]) {
      expect(await storageKey(id)).toBeUndefined();
      expect((await get(app, buyer, `/api/uploads/${id}`)).statusCode).toBe(404);
    }
    expect(await app.deps.storage.size(unusedKey)).toBeNull();
    for (const [id, viewer] of [
      [shipped, buyer],
      [sentFile, seller],
    ] as const) {
      expect((await get(app, viewer, `/api/uploads/${id}`)).statusCode).toBe(200);
    }
    // A second pass finds nothing more.
    expect(await removeUnattachedUploads(later(UNATTACHED_UPLOAD_TTL_MS + 60_000))).toBe(0);
  });

  it('leaves everything in place when the store is down, for the next pass', async () => {
    const transactionId = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const unused = await uploadPhoto(app, seller, transactionId);
    const failing = { ...app.deps.storage, remove: () => Promise.reject(new Error('store down')) };
    await expect(
      removeUnattachedUploads({ ...later(UNATTACHED_UPLOAD_TTL_MS + 60_000), storage: failing }),
    ).rejects.toThrow('store down');
    expect(await storageKey(unused)).toBeDefined();
    expect(await removeUnattachedUploads(later(UNATTACHED_UPLOAD_TTL_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await storageKey(unused)).toBeUndefined();
  });
});
