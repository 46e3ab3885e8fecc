import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { identityDocuments, verificationHistory } from '../../db/schema/identity.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, get, post, type TestUser } from '../../testing/test-kit.ts';
import { removeIdentityDocumentUpload } from '../uploads/index.ts';
import { removeRejectedDocuments } from './identity.retention.ts';
import { submitDocument } from './identity.test-support.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
/** The table's figure (docs/privacy.md), not the code's constant: a changed constant fails here. */
const LIMIT = 30 * DAY;

/**
 * Rejected identity documents go 30 days after their rejection, with their image (object and upload
 * row); pending and approved documents, younger rejections and the verification history stay. Rows are
 * placed around a fixed "now" given by the clock (only this file's rows are that old on a shared
 * PostgreSQL, so counts are at least ours).
 */
describe('retention of rejected identity documents', () => {
  let app: App;
  let staff: TestUser;
  const NOW = new Date(Date.now() + 5 * MINUTE);
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  const errors: unknown[] = [];
  const deps = (
    removeDocumentFile = (tx: Tx, uploadId: string) =>
      removeIdentityDocumentUpload(tx, app.deps.storage, uploadId),
  ) => ({
    db: app.deps.db,
    clock: { now: () => NOW },
    log: { ...app.deps.log, error: (...args: unknown[]) => void errors.push(args) } as typeof app.deps.log,
    removeDocumentFile,
  });

  beforeAll(async () => {
    app = await createTestApp();
    staff = await createUser(app, 'Reviewer', 'ADMIN');
  });
  afterAll(async () => {
    await app.close();
  });

  type Placed = { documentId: string; uploadId: string; storageKey: string };

  /** A document submitted and reviewed through the API, then dated: submitted, and reviewed (if so). */
  async function documentOf(
    user: TestUser,
    documentType: string,
    review: 'reject' | 'approve' | null,
    submittedAt: Date,
    reviewedAt: Date | null,
  ): Promise<Placed> {
    const { documentId, uploadId } = await submitDocument(app, user, documentType);
    if (review) {
      const res = await post(
        app,
        staff,
        `/api/admin/documents/${documentId}/${review}`,
        review === 'reject' ? { reason: 'The photo is blurred' } : {},
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await app.deps.db
      .update(identityDocuments)
      .set({ createdAt: submittedAt, reviewedAt, updatedAt: reviewedAt ?? submittedAt })
      .where(eq(identityDocuments.id, documentId));
    const [file] = await app.deps.db.select().from(uploads).where(eq(uploads.id, uploadId));
    return { documentId, uploadId, storageKey: file!.storageKey };
  }

  const documentRows = async (ids: string[]) =>
    new Set(
      (
        await app.deps.db
          .select({ id: identityDocuments.id })
          .from(identityDocuments)
          .where(inArray(identityDocuments.id, ids))
      ).map((r) => r.id),
    );
  const uploadRow = async (id: string) =>
    (await app.deps.db.select().from(uploads).where(eq(uploads.id, id))).length === 1;
  const historyOf = (userId: string) =>
    app.deps.db.select().from(verificationHistory).where(eq(verificationHistory.userId, userId));

  it('deletes exactly the documents rejected more than 30 days ago, and their images from storage', async () => {
    const owner = await createUser(app, 'Owner');
    const other = await createUser(app, 'Other');
    const cases: { name: string; user: TestUser; place: () => Promise<Placed>; goes: boolean }[] = [
      {
        name: 'rejected just past 30 days',
        user: owner,
        place: () => documentOf(owner, 'PASSPORT', 'reject', at(-LIMIT - DAY), at(-LIMIT - MINUTE)),
        goes: true,
      },
      {
        name: 'rejected just inside 30 days',
        user: owner,
        place: () => documentOf(owner, 'DRIVERS_LICENSE', 'reject', at(-LIMIT - DAY), at(-LIMIT + MINUTE)),
        goes: false,
      },
      {
        name: 'pending review, submitted 100 days ago',
        user: owner,
        place: () => documentOf(owner, 'UTILITY_BILL', null, at(-100 * DAY), null),
        goes: false,
      },
      {
        name: 'approved 100 days ago',
        user: owner,
        place: () => documentOf(owner, 'CAC_CERTIFICATE', 'approve', at(-101 * DAY), at(-100 * DAY)),
        goes: false,
      },
      {
        name: "another user's rejection of 2 days ago",
        user: other,
        place: () => documentOf(other, 'PASSPORT', 'reject', at(-3 * DAY), at(-2 * DAY)),
        goes: false,
      },
      {
        name: "another user's rejection of 45 days ago",
        user: other,
        place: () => documentOf(other, 'BANK_STATEMENT', 'reject', at(-46 * DAY), at(-45 * DAY)),
        goes: true,
      },
    ];
    const placed: Placed[] = [];
    for (const c of cases) placed.push(await c.place());
    const historyBefore = {
      owner: (await historyOf(owner.id)).length,
      other: (await historyOf(other.id)).length,
    };
    for (const p of placed) expect(await app.deps.storage.size(p.storageKey)).not.toBeNull();

    expect(await removeRejectedDocuments(deps())).toBeGreaterThanOrEqual(2);

    const left = await documentRows(placed.map((p) => p.documentId));
    for (const [index, c] of cases.entries()) {
      const p = placed[index]!;
      const label = `${c.name}: ${c.goes ? 'deleted' : 'kept'}`;
      expect(left.has(p.documentId), label).toBe(!c.goes);
      expect(await uploadRow(p.uploadId), label).toBe(!c.goes);
      expect((await app.deps.storage.size(p.storageKey)) === null, label).toBe(c.goes);
      expect((await get(app, c.user, `/api/uploads/${p.uploadId}`)).statusCode, label).toBe(
        c.goes ? 404 : 200,
      );
    }
    // The verification history is unchanged (it names no document); the status no longer lists them.
    expect((await historyOf(owner.id)).length).toBe(historyBefore.owner);
    expect((await historyOf(other.id)).length).toBe(historyBefore.other);
    const status = (await get(app, owner, '/api/verification/status')).json().data;
    expect(status.documents.map((d: { id: string }) => d.id).sort()).toEqual(
      placed
        .slice(1, 4)
        .map((p) => p.documentId)
        .sort(),
    );
    expect(errors).toEqual([]);
    // Nothing more is due among these.
    await removeRejectedDocuments(deps());
    expect(await documentRows(placed.map((p) => p.documentId))).toEqual(left);
  });

  it('keeps the image while another document of the owner still uses it', async () => {
    const owner = await createUser(app, 'Resubmit');
    const first = await documentOf(owner, 'PASSPORT', 'reject', at(-LIMIT - 2 * DAY), at(-LIMIT - DAY));
    // The same image sent again, still pending.
    const again = await post(app, owner, '/api/verification/document', {
      documentType: 'PASSPORT',
      documentNumber: 'B7654321',
      uploadId: first.uploadId,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await removeRejectedDocuments(deps())).toBeGreaterThanOrEqual(1);
    expect(await documentRows([first.documentId])).toEqual(new Set());
    expect(await uploadRow(first.uploadId)).toBe(true);
    expect(await app.deps.storage.size(first.storageKey)).not.toBeNull();
  });

  it('leaves a document whose image cannot be removed for the next pass, and goes on with the others', async () => {
    const owner = await createUser(app, 'Flaky');
    const stuck = await documentOf(owner, 'PASSPORT', 'reject', at(-LIMIT - 3 * DAY), at(-LIMIT - 2 * DAY));
    const fine = await documentOf(
      owner,
      'UTILITY_BILL',
      'reject',
      at(-LIMIT - 3 * DAY),
      at(-LIMIT - 2 * DAY),
    );
    errors.length = 0;
    const failing = (tx: Tx, uploadId: string) =>
      uploadId === stuck.uploadId
        ? Promise.reject(new Error('store down'))
        : removeIdentityDocumentUpload(tx, app.deps.storage, uploadId);
    expect(await removeRejectedDocuments(deps(failing))).toBeGreaterThanOrEqual(1);
    expect(await documentRows([stuck.documentId, fine.documentId])).toEqual(new Set([stuck.documentId]));
    expect(await uploadRow(stuck.uploadId)).toBe(true);
    expect(await app.deps.storage.size(stuck.storageKey)).not.toBeNull();
    expect(await app.deps.storage.size(fine.storageKey)).toBeNull();
    expect(errors).toHaveLength(1);
    // The store is back: the next pass takes it.
    expect(await removeRejectedDocuments(deps())).toBeGreaterThanOrEqual(1);
    expect(await documentRows([stuck.documentId])).toEqual(new Set());
    expect(await app.deps.storage.size(stuck.storageKey)).toBeNull();
  });

  it('works in bounded batches', async () => {
    const owner = await createUser(app, 'Batch');
    const placed = [
      await documentOf(owner, 'PASSPORT', 'reject', at(-LIMIT - 3 * DAY), at(-LIMIT - 2 * DAY)),
      await documentOf(owner, 'UTILITY_BILL', 'reject', at(-LIMIT - 3 * DAY), at(-LIMIT - 2 * DAY)),
      await documentOf(owner, 'BANK_STATEMENT', 'reject', at(-LIMIT - 3 * DAY), at(-LIMIT - 2 * DAY)),
    ];
    const ids = placed.map((p) => p.documentId);
    expect(await removeRejectedDocuments(deps(), { batchSize: 1, maxBatches: 2 })).toBe(2);
    expect((await documentRows(ids)).size).toBe(1);
    expect(await removeRejectedDocuments(deps(), { batchSize: 1, maxBatches: 5 })).toBeGreaterThanOrEqual(1);
    expect((await documentRows(ids)).size).toBe(0);
  });
});
