import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { startS3StandIn, startSilentServer, type S3StandIn } from '../../testing/s3-stand-in.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, driveTo, get, PNG_BYTES, upload, type TestUser } from '../../testing/test-kit.ts';
import { StorageError, type FileStorage } from './uploads.storage.ts';
import { diskStorage } from './uploads.storage-disk.ts';
import { s3Client, s3Storage, type S3StorageOptions } from './uploads.storage-s3.ts';

/**
 * One suite, run against both stores: the disk under DATA_DIR and an S3-compatible bucket (s3rver,
 * started here). The store's contract first, then uploads and downloads over the API.
 */
type Store = {
  /** A fresh, empty store and the env that points an app at it. */
  fresh: () => { storage: FileStorage; env: Record<string, string>; count: () => Promise<number> };
  /** A store that is down: refuses, or hangs until the timeout. */
  broken: () => Promise<{ storage: FileStorage; close: () => Promise<void> }>;
};

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3.close();
});

const filesUnder = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

const disk: Store = {
  fresh() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-store-'));
    return {
      storage: diskStorage(path.join(dataDir, 'uploads')),
      env: { DATA_DIR: dataDir },
      count: async () => {
        try {
          return filesUnder(path.join(dataDir, 'uploads'));
        } catch {
          return 0;
        }
      },
    };
  },
  async broken() {
    // 'uploads' is a file, so no directory can be made or read under it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-store-'));
    writeFileSync(path.join(dataDir, 'uploads'), 'not a directory');
    return { storage: diskStorage(path.join(dataDir, 'uploads')), close: async () => {} };
  },
};

const s3Options = (bucket: string, endpoint = s3.endpoint, timeoutMs = 5000): S3StorageOptions => ({
  endpoint,
  region: 'us-east-1',
  bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  timeoutMs,
});

const bucketStore: Store = {
  fresh() {
    // One bucket for the suite, one key prefix (year) per store would need other keys: count by listing.
    const options = s3Options(s3.bucket);
    const client = s3Client(options);
    const before = listCount(client);
    return {
      storage: s3Storage(options),
      env: { ...s3.env, S3_TIMEOUT_MS: '5000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-s3-app-')) },
      count: async () => (await listCount(client)) - (await before),
    };
  },
  async broken() {
    const silent = await startSilentServer();
    return { storage: s3Storage(s3Options(s3.bucket, silent.endpoint, 300)), close: silent.close };
  },
};

async function listCount(client: ReturnType<typeof s3Client>): Promise<number> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return listed.KeyCount ?? 0;
}

let keyCounter = 0;
const newKey = () => {
  keyCounter += 1;
  return `2026/11/00000000-0000-7000-8000-${String(keyCounter).padStart(12, '0')}`;
};
const bytes = (size: number, seed = 7) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * seed) % 251));
const chunked = (data: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );
const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof StorageError ? error.reason : String(error)),
  );

describe.each([
  ['disk', disk],
  ['S3-compatible bucket', bucketStore],
] as const)('file storage: %s', (_name, store) => {
  describe('the store', () => {
    it('writes a streamed file and reads it back, small or spanning several parts', async () => {
      const { storage } = store.fresh();
      for (const data of [bytes(100), bytes(6 * 1024 * 1024 + 123)]) {
        const key = newKey();
        await storage.write(key, chunked(data));
        expect(await storage.size(key)).toBe(data.length);
        const opened = await storage.open(key);
        expect(opened.size).toBe(data.length);
        expect((await readAll(opened.body)).equals(data)).toBe(true);
        await storage.remove(key);
        expect(await storage.size(key)).toBeNull();
      }
    });

    it('answers a missing object as missing, and removing it is no error', async () => {
      const { storage } = store.fresh();
      const key = newKey();
      expect(await reason(storage.open(key))).toBe('missing');
      expect(await storage.size(key)).toBeNull();
      await expect(storage.remove(key)).resolves.toBeUndefined();
    });

    it('leaves nothing behind when the body fails half-way, and reports the body’s error', async () => {
      const { storage } = store.fresh();
      const key = newKey();
      // It fails on the reader's second pull, never on a timer: a timer could fire before the storage
      // listens to the body (a loaded machine), and the error would then go unheard.
      let pulls = 0;
      const body = new Readable({
        read() {
          pulls += 1;
          if (pulls === 1) this.push(bytes(1000));
          else setImmediate(() => this.destroy(new Error('too large')));
        },
      });
      await expect(storage.write(key, body)).rejects.toThrow('too large');
      expect(await storage.size(key)).toBeNull();
    });

    it('says unavailable, within a few seconds, when the store is down', async () => {
      const broken = await store.broken();
      try {
        const started = Date.now();
        const key = newKey();
        expect(await reason(broken.storage.write(key, chunked(bytes(10))))).toBe('unavailable');
        expect(await reason(broken.storage.open(key))).toBe('unavailable');
        expect(await reason(broken.storage.size(key))).toBe('unavailable');
        expect(await reason(broken.storage.remove(key))).toBe('unavailable');
        expect(Date.now() - started).toBeLessThan(8000);
      } finally {
        broken.storage.close();
        await broken.close();
      }
    });
  });

  describe('uploads and downloads over the API', () => {
    let app: App;
    let seller: TestUser;
    let buyer: TestUser;
    let stranger: TestUser;
    let transactionId: string;
    let count: () => Promise<number>;

    beforeAll(async () => {
      const fresh = store.fresh();
      count = fresh.count;
      app = await createTestApp(fresh.env);
      expect(app.deps.storage.kind).toBe(store === disk ? 'disk' : 's3');
      seller = await createUser(app, 'Sola');
      buyer = await createUser(app, 'Bisi');
      stranger = await createUser(app, 'Stranger');
      transactionId = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    }, 180_000);
    afterAll(async () => {
      await app.close();
    });

    const photo = (data: Buffer, name = 'item.png') =>
      upload(app, seller, { purpose: 'shipment_photo', transactionId }, { name, data });
    const keyOf = async (id: string) =>
      (await app.deps.db.select().from(uploads).where(eq(uploads.id, id)))[0]!.storageKey;

    it('stores a photo and serves it to the parties with the same headers, never to a stranger', async () => {
      const data = Buffer.concat([PNG_BYTES, bytes(300_000)]);
      const res = await photo(data);
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.upload.id as string;
      expect(await app.deps.storage.size(await keyOf(id))).toBe(data.length);
      const served = await get(app, buyer, `/api/uploads/${id}`);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(data)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(data.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      expect(served.headers['content-disposition']).toMatch(/^inline; filename="item\.png"/);
      expect((await get(app, stranger, `/api/uploads/${id}`)).statusCode).toBe(404);
    });

    it('refuses a file over the limit while it streams, a wrong type or active content, and keeps none', async () => {
      const before = await count();
      const huge = await photo(Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]), 'huge.png');
      expect(huge.statusCode, huge.body).toBe(413);
      expect(huge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
      const text = await photo(Buffer.from('not an image'), 'item.png');
      expect(text.statusCode).toBe(415);
      expect(await count()).toBe(before);
    });

    it('answers 404 in the envelope when the object is gone', async () => {
      const id = (await photo(PNG_BYTES)).json().data.upload.id as string;
      await app.deps.storage.remove(await keyOf(id));
      const res = await get(app, buyer, `/api/uploads/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        error: 'File not found',
        code: 'NOT_FOUND',
        requestId: res.headers['x-request-id'],
      });
    });

    it('answers 503 in the envelope, promptly, while the store is down', async () => {
      const id = (await photo(PNG_BYTES)).json().data.upload.id as string;
      const broken = await store.broken();
      const working = { ...app.deps.storage };
      Object.assign(app.deps.storage, broken.storage);
      try {
        const started = Date.now();
        for (const res of [await get(app, buyer, `/api/uploads/${id}`), await photo(PNG_BYTES)]) {
          expect(res.statusCode, res.body).toBe(503);
          expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
          expect(res.headers['retry-after']).toBe('5');
        }
        expect(Date.now() - started).toBeLessThan(8000);
      } finally {
        Object.assign(app.deps.storage, working);
        broken.storage.close();
        await broken.close();
      }
      expect((await get(app, buyer, `/api/uploads/${id}`)).statusCode).toBe(200);
    });
  });
});
