import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_TEXT } from '@escrow/shared/schemas/privacy';
import type { App } from '../../app.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  checklist,
  createUser,
  driveTo,
  get,
  multipart,
  PNG_BYTES,
  post,
  put,
  upload,
  type TestUser,
} from '../../testing/test-kit.ts';
import {
  closeAccount,
  closureCheck,
  runJobsUntilExport,
  signUpAccountHolder,
  type AccountHolder,
} from './privacy.test-support.ts';

/**
 * Closing an account when files live in an S3-compatible bucket (docs/privacy.md; the disk store is
 * covered by privacy.close-journey.test.ts): the closed account's picture, identity document, chat file
 * and prepared data export leave the bucket, read here with a client of our own (not through the app);
 * its counterparty's picture, document, chat file and shipment photo stay, byte for byte. The app runs
 * on the embedded database and its own stand-in bucket, so the bucket holds only this file's objects.
 */
type StoredFile = {
  label: string;
  key: string;
  /** null for the data export (its bytes are built by the server). */
  bytes: Buffer | null;
  /** Who may download it through the app, and by which id (null: no download route for the test). */
  download: { uploadId: string; viewer: TestUser } | null;
};

let s3: S3StandIn;
let bucket: S3Client;
let app: App;
let closer: AccountHolder;
let counterparty: TestUser;
let staff: TestUser;
let transactionId: string;
const closerFiles: StoredFile[] = [];
const counterpartyFiles: StoredFile[] = [];
let bucketBeforeClosing: Map<string, Buffer>;
const downloadsBeforeClosing = new Map<string, number>();

/** A real PNG whose bytes are this file's alone, so each object in the bucket can be told apart. */
const pngOf = (label: string) => Buffer.concat([PNG_BYTES, Buffer.from(`\n${label}\n`)]);

/** Every object in the stand-in's bucket, key to bytes, read straight from the stand-in. */
async function objectsInBucket(): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  let ContinuationToken: string | undefined;
  do {
    const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken }));
    for (const object of page.Contents ?? []) {
      const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: object.Key! }));
      found.set(object.Key!, Buffer.from(await answer.Body!.transformToByteArray()));
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return found;
}

async function storageKeyOf(uploadId: string): Promise<string> {
  const [row] = await app.deps.db
    .select({ storageKey: uploads.storageKey })
    .from(uploads)
    .where(eq(uploads.id, uploadId));
  return row!.storageKey;
}

async function uploaded(
  user: TestUser,
  fields: Record<string, string>,
  label: string,
): Promise<{ uploadId: string; bytes: Buffer }> {
  const bytes = pngOf(label);
  const res = await upload(app, user, fields, { name: 'file.png', data: bytes, type: 'image/png' });
  expect(res.statusCode, res.body).toBe(201);
  return { uploadId: res.json().data.upload.id as string, bytes };
}

/** A profile picture, set on the account; any signed-in user may download it (an avatar). */
async function profilePicture(who: string, user: TestUser, viewer: TestUser): Promise<StoredFile> {
  const label = `${who}'s picture`;
  const { uploadId, bytes } = await uploaded(user, { purpose: 'profile_picture' }, label);
  const set = await put(app, user, '/api/auth/me', { profilePictureId: uploadId });
  expect(set.statusCode, set.body).toBe(200);
  return { label, key: await storageKeyOf(uploadId), bytes, download: { uploadId, viewer } };
}

/** An identity document's image, submitted for review; staff may download it. */
async function identityDocument(who: string, user: TestUser, documentNumber: string): Promise<StoredFile> {
  const label = `${who}'s identity document`;
  const { uploadId, bytes } = await uploaded(user, { purpose: 'identity_document' }, label);
  const submitted = await post(app, user, '/api/verification/document', {
    documentType: 'PASSPORT',
    documentNumber,
    uploadId,
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  return { label, key: await storageKeyOf(uploadId), bytes, download: { uploadId, viewer: staff } };
}

/** A file sent in the trade's chat; the other party may download it. */
async function chatFile(who: string, user: TestUser, viewer: TestUser): Promise<StoredFile> {
  const label = `${who}'s chat file`;
  const bytes = pngOf(label);
  const body = multipart({ transactionId }, { name: 'file.png', data: bytes, type: 'image/png' });
  const sent = await app.inject({
    method: 'POST',
    url: '/api/messages/upload',
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const uploadId = sent.json().data.attachment.id as string;
  const message = await post(app, user, '/api/messages', {
    transactionId,
    content: 'The receipt, attached',
    attachmentIds: [uploadId],
  });
  expect(message.statusCode, message.body).toBe(201);
  return { label, key: await storageKeyOf(uploadId), bytes, download: { uploadId, viewer } };
}

const download = (file: StoredFile) =>
  get(app, file.download!.viewer, `/api/uploads/${file.download!.uploadId}`);

beforeAll(async () => {
  s3 = await startS3StandIn('close-s3-test');
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // The embedded database even in the service suite: this file's app and bucket are its own.
  app = await createTestApp({ ...s3.env, DATABASE_URL: '' });
  expect(app.deps.storage.kind).toBe('s3');
  expect(app.deps.databaseKind).toBe('pglite');

  closer = await signUpAccountHolder(app, 'Amaka');
  counterparty = await createUser(app, 'Tunde');
  staff = await createUser(app, 'Reviewer', 'ADMIN');

  // Downloaded by the other party (the closer's) or by their owner (the counterparty's: the closer's
  // token ends with the closing).
  closerFiles.push(
    await profilePicture('closer', closer, counterparty),
    await identityDocument('closer', closer, 'A11223344'),
  );
  counterpartyFiles.push(
    await profilePicture('counterparty', counterparty, counterparty),
    await identityDocument('counterparty', counterparty, 'B55667788'),
  );

  // A trade: the closer buys, the counterparty ships with a photo; both send a file in its chat.
  transactionId = await driveTo(
    app,
    { buyer: closer, seller: counterparty },
    'WAITING_FOR_BUYER_CONFIRMATION',
  );
  closerFiles.push(await chatFile('closer', closer, counterparty));
  counterpartyFiles.push(await chatFile('counterparty', counterparty, counterparty));
  const [photo] = await app.deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.purpose, 'shipment_photo'), eq(uploads.transactionId, transactionId)));
  counterpartyFiles.push({
    label: 'shipment photo',
    key: photo!.storageKey,
    bytes: PNG_BYTES,
    download: { uploadId: photo!.id, viewer: counterparty },
  });

  // Completed, so nothing blocks the closing.
  const received = await put(app, closer, `/api/transactions/${transactionId}/confirm-receipt`, checklist);
  expect(received.statusCode, received.body).toBe(200);
  expect(received.json().data.transaction.status).toBe('COMPLETED');

  // A prepared "Download my data" is a file in the bucket too.
  const asked = await post(app, closer, '/api/auth/me/export');
  expect(asked.statusCode, asked.body).toBe(202);
  const prepared = await runJobsUntilExport(app, asked.json().data.export.id as string, 'READY');
  closerFiles.push({ label: 'data export', key: prepared.storageKey!, bytes: null, download: null });

  bucketBeforeClosing = await objectsInBucket();
  for (const file of [...closerFiles, ...counterpartyFiles])
    if (file.download) downloadsBeforeClosing.set(file.label, (await download(file)).statusCode);

  expect((await closureCheck(app, closer)).json().data).toEqual({ canClose: true, blockers: [] });
  const closed = await closeAccount(app, closer, { password: closer.password });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json()).toEqual({ success: true, data: null, message: PRIVACY_TEXT.closed });
}, 180_000);

afterAll(async () => {
  await app?.close();
  bucket?.destroy();
  await s3?.close();
});

const keysOf = (files: StoredFile[]) => files.map((f) => f.key).sort();

describe('closing an account with files in an S3 bucket', () => {
  it('before closing, the bucket held exactly both parties’ files, and each downloaded', () => {
    expect([...bucketBeforeClosing.keys()].sort()).toEqual(
      keysOf([...closerFiles, ...counterpartyFiles]).sort(),
    );
    for (const file of [...closerFiles, ...counterpartyFiles]) {
      if (file.bytes) expect(bucketBeforeClosing.get(file.key)?.equals(file.bytes), file.label).toBe(true);
      if (file.download) expect(downloadsBeforeClosing.get(file.label), file.label).toBe(200);
    }
  });

  it('its picture, identity document, chat file and data export are gone from the bucket', async () => {
    const left = await objectsInBucket();
    for (const file of closerFiles) expect(left.has(file.key), `${file.label} still stored`).toBe(false);
  });

  it('the counterparty’s files stay in the bucket, unchanged, and nothing else is there', async () => {
    const left = await objectsInBucket();
    expect([...left.keys()].sort()).toEqual(keysOf(counterpartyFiles));
    for (const file of counterpartyFiles)
      expect(left.get(file.key)?.equals(file.bytes!), `${file.label} changed or gone`).toBe(true);
  });

  it('downloading its files through the app answers 404; the counterparty’s still download', async () => {
    for (const file of closerFiles.filter((f) => f.download)) {
      const res = await download(file);
      expect(res.statusCode, `${file.label}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    for (const file of counterpartyFiles) {
      const res = await download(file);
      expect(res.statusCode, `${file.label}: ${res.body}`).toBe(200);
      expect(res.rawPayload.equals(file.bytes!), file.label).toBe(true);
    }
  });
});
