import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, type Cast } from '../disputes/disputes.test-support.ts';
import { createUser, get, PNG_BYTES, upload, type TestUser } from '../../testing/test-kit.ts';
import { submitDocument } from './identity.test-support.ts';

/**
 * Every staff look at a user's identity document writes an audit row (docs/privacy.md):
 * `identity_document.view`, actor the staff member, target the document, the owner named in the note,
 * the request id. A refused request, and the owner's own look, write none.
 */
let app: App;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

const viewsOf = (targetId: string) =>
  app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, 'identity_document.view')));

describe('staff looks at identity documents', () => {
  it.each([
    ['SUPPORT', () => cast.support],
    ['ADMIN', () => cast.admin],
  ])('a %s look is served and audited: actor, document, owner, request id', async (_role, staffOf) => {
    const staff = staffOf();
    const owner = await createUser(app, 'Owner');
    const { documentId, uploadId } = await submitDocument(app, owner, 'PASSPORT');
    const res = await get(app, staff, `/api/uploads/${uploadId}`);
    expect(res.statusCode).toBe(200);
    const rows = await viewsOf(documentId);
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        action: 'identity_document.view',
        targetType: 'document',
        targetId: documentId,
        summary: { note: `Passport of user ${owner.id}` },
        requestId: res.headers['x-request-id'],
      }),
    ]);
    // Each look is its own row.
    expect((await get(app, staff, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect(await viewsOf(documentId)).toHaveLength(2);
  });

  it.each<[string, (ctx: { owner: TestUser }) => TestUser | null, number]>([
    ['the owner’s own look', ({ owner }) => owner, 200],
    ['another user (refused)', () => cast.stranger, 404],
    ['no token (refused)', () => null, 401],
  ])('%s writes no row', async (_label, whoOf, status) => {
    const owner = await createUser(app, 'Quiet');
    const { documentId, uploadId } = await submitDocument(app, owner, 'DRIVERS_LICENSE');
    const who = whoOf({ owner });
    const res = who
      ? await get(app, who, `/api/uploads/${uploadId}`)
      : await app.inject({ method: 'GET', url: `/api/uploads/${uploadId}` });
    expect(res.statusCode).toBe(status);
    expect(await viewsOf(documentId)).toEqual([]);
  });

  it('a staff look at a file that is missing from storage is refused and writes no row', async () => {
    const owner = await createUser(app, 'Missing');
    const { documentId, uploadId } = await submitDocument(app, owner, 'UTILITY_BILL');
    const [file] = await app.deps.db.select().from(uploads).where(eq(uploads.id, uploadId));
    await app.deps.storage.remove(file!.storageKey);
    const res = await get(app, cast.support, `/api/uploads/${uploadId}`);
    expect(res.statusCode).toBe(404);
    expect(await viewsOf(documentId)).toEqual([]);
  });

  it('an identity image never submitted as a document is audited under its upload id', async () => {
    const owner = await createUser(app, 'Draft');
    const up = await upload(
      app,
      owner,
      { purpose: 'identity_document' },
      { name: 'id.png', data: PNG_BYTES },
    );
    const uploadId = up.json().data.upload.id as string;
    expect((await get(app, cast.support, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    const rows = await viewsOf(uploadId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: cast.support.id, targetType: 'document' });
    expect(rows[0]!.summary.note).toContain(owner.id);
  });

  it('a staff member looking at their own identity image is the owner’s look: no row', async () => {
    const before = await app.deps.db.select().from(auditLog).where(eq(auditLog.actorId, cast.admin.id));
    const own = await upload(
      app,
      cast.admin,
      { purpose: 'identity_document' },
      { name: 'me.png', data: PNG_BYTES },
    );
    expect((await get(app, cast.admin, `/api/uploads/${own.json().data.upload.id}`)).statusCode).toBe(200);
    const after = await app.deps.db.select().from(auditLog).where(eq(auditLog.actorId, cast.admin.id));
    expect(after.filter((row) => row.action === 'identity_document.view')).toEqual(
      before.filter((row) => row.action === 'identity_document.view'),
    );
  });
});
