import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { identityDocuments } from '../../db/schema/identity.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { housekeeping } from '../../plugins/scheduler.ts';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, get, PNG_BYTES, post, upload, type TestUser } from '../../testing/test-kit.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
/** The table's figure (docs/privacy.md), not the code's constant: a changed constant fails here. */
const LIMIT = 30 * DAY;

/**
 * The retention of rejected identity documents when files live in an S3-compatible bucket (the rules
 * themselves, on disk, are in identity.retention.test.ts): the hourly housekeeping, as the scheduler
 * runs it, removes the image of a document rejected more than 30 days ago from the bucket, read here
 * with a client of our own (not through the app); a pending document's image and a younger rejection's
 * stay. The app runs on the embedded database and its own stand-in bucket, with a controlled clock.
 */
describe('retention of rejected identity documents, with an S3 bucket', () => {
  let s3: S3StandIn;
  let bucket: S3Client;
  let app: App;
  let staff: TestUser;
  const NOW = new Date(Date.now() + 5 * MINUTE);
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  const errors: unknown[] = [];

  beforeAll(async () => {
    s3 = await startS3StandIn('retention-s3-test');
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    // The embedded database even in the service suite: the housekeeping pass below touches only
    // this file's rows and bucket.
    app = await createTestApp({ ...s3.env, DATABASE_URL: '' });
    expect(app.deps.storage.kind).toBe('s3');
    expect(app.deps.databaseKind).toBe('pglite');
    app.deps.clock.now = () => NOW;
    staff = await createUser(app, 'Reviewer', 'ADMIN');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    bucket?.destroy();
    await s3?.close();
  });

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

  type Placed = { label: string; documentId: string; uploadId: string; key: string; bytes: Buffer };

  /** A document submitted (with an image of its own) and reviewed through the API, then dated. */
  async function documentOf(
    user: TestUser,
    label: string,
    documentType: string,
    review: 'reject' | null,
    submittedAt: Date,
    reviewedAt: Date | null,
  ): Promise<Placed> {
    const bytes = Buffer.concat([PNG_BYTES, Buffer.from(`\n${label}\n`)]);
    const up = await upload(
      app,
      user,
      { purpose: 'identity_document' },
      { name: 'id.png', data: bytes, type: 'image/png' },
    );
    expect(up.statusCode, up.body).toBe(201);
    const uploadId = up.json().data.upload.id as string;
    const submitted = await post(app, user, '/api/verification/document', {
      documentType,
      documentNumber: 'A12345678',
      uploadId,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const documentId = submitted.json().data.documentId as string;
    if (review) {
      const res = await post(app, staff, `/api/admin/documents/${documentId}/${review}`, {
        reason: 'The photo is blurred',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await app.deps.db
      .update(identityDocuments)
      .set({ createdAt: submittedAt, reviewedAt, updatedAt: reviewedAt ?? submittedAt })
      .where(eq(identityDocuments.id, documentId));
    const [row] = await app.deps.db.select().from(uploads).where(eq(uploads.id, uploadId));
    return { label, documentId, uploadId, key: row!.storageKey, bytes };
  }

  it('the housekeeping removes an image rejected more than 30 days ago from the bucket; a pending one stays', async () => {
    const owner = await createUser(app, 'Owner');
    const old = await documentOf(
      owner,
      'rejected 30 days ago and a minute',
      'PASSPORT',
      'reject',
      at(-LIMIT - DAY),
      at(-LIMIT - MINUTE),
    );
    const kept = [
      await documentOf(owner, 'pending, submitted 100 days ago', 'UTILITY_BILL', null, at(-100 * DAY), null),
      await documentOf(
        owner,
        'rejected a minute short of 30 days',
        'DRIVERS_LICENSE',
        'reject',
        at(-LIMIT - DAY),
        at(-LIMIT + MINUTE),
      ),
    ];
    const before = await objectsInBucket();
    expect([...before.keys()].sort()).toEqual([old, ...kept].map((p) => p.key).sort());
    for (const p of [old, ...kept]) {
      expect(before.get(p.key)?.equals(p.bytes), p.label).toBe(true);
      expect((await get(app, owner, `/api/uploads/${p.uploadId}`)).statusCode, p.label).toBe(200);
    }

    await housekeeping({
      ...app.deps,
      log: Object.assign(Object.create(app.deps.log) as typeof app.deps.log, {
        error: (...args: unknown[]) => void errors.push(args),
      }),
    });
    expect(errors).toEqual([]);

    // Straight from the stand-in: the old rejection's object is gone, the others are there, unchanged.
    const after = await objectsInBucket();
    expect(after.has(old.key), `${old.label}: still stored`).toBe(false);
    expect([...after.keys()].sort()).toEqual(kept.map((p) => p.key).sort());
    for (const p of kept) expect(after.get(p.key)?.equals(p.bytes), `${p.label}: changed or gone`).toBe(true);

    // Through the app: the document and its image are gone; the others stay and download.
    const rows = await app.deps.db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(
        inArray(
          identityDocuments.id,
          [old, ...kept].map((p) => p.documentId),
        ),
      );
    expect(rows.map((r) => r.id).sort()).toEqual(kept.map((p) => p.documentId).sort());
    const gone = await get(app, owner, `/api/uploads/${old.uploadId}`);
    expect(gone.statusCode, gone.body).toBe(404);
    for (const p of kept) {
      const res = await get(app, owner, `/api/uploads/${p.uploadId}`);
      expect(res.statusCode, p.label).toBe(200);
      expect(res.rawPayload.equals(p.bytes), p.label).toBe(true);
    }
  });
});
