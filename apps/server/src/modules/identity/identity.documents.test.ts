import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_TEXT } from '@escrow/shared/schemas/identity';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { identityDocuments } from '../../db/schema/identity.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { toNotificationView } from '../notifications/index.ts';
import { castOf, type Cast } from '../disputes/disputes.test-support.ts';
import { createUser, get, JPEG_BYTES, post, upload } from '../../testing/test-kit.ts';
import { businessLicenseHolders } from './index.ts';
import { submitDocument } from './identity.test-support.ts';

let app: App;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

const auditFor = (id: string) => app.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
const status = async (userId: { headers: { authorization: string } }) =>
  (await app.inject({ method: 'GET', url: '/api/verification/status', headers: userId.headers })).json().data;

describe('documents: the user side', () => {
  it('submits a document as Pending review, masked, with a history item', async () => {
    const user = await createUser(app, 'Amaka');
    const { documentId, uploadId } = await submitDocument(app, user, 'DRIVERS_LICENSE', 'abc-123456');
    const s = await status(user);
    expect(s.documents).toEqual([
      expect.objectContaining({
        id: documentId,
        documentType: 'DRIVERS_LICENSE',
        documentNumber: '******3456',
        uploadId,
        status: 'PENDING_REVIEW',
        isVerified: false,
        verifiedAt: null,
      }),
    ]);
    expect(s.history[0]).toMatchObject({ verificationType: 'DOCUMENT', status: 'PENDING' });
    const [row] = await app.deps.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.id, documentId));
    expect(row!.numberCiphertext).not.toContain('3456');
    // One pending document per type.
    const up = await upload(app, user, { purpose: 'identity_document' }, { name: 'b.jpg', data: JPEG_BYTES });
    const again = await post(app, user, '/api/verification/document', {
      documentType: 'DRIVERS_LICENSE',
      documentNumber: 'X1',
      uploadId: up.json().data.upload.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(VERIFICATION_TEXT.documentPending);
  });

  it('the image is served to the owner and staff only', async () => {
    const owner = await createUser(app, 'Owner');
    const { uploadId } = await submitDocument(app, owner);
    expect((await get(app, owner, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await get(app, cast.support, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await get(app, cast.stranger, `/api/uploads/${uploadId}`)).statusCode).toBe(404);
  });

  it('refuses an image that is not the caller’s identity upload, and hostile input, with a 4xx', async () => {
    const user = await createUser(app, 'Hostile');
    const { uploadId: someoneElses } = await submitDocument(app, cast.stranger, 'UTILITY_BILL');
    const chat = await upload(app, user, { purpose: 'profile_picture' }, { name: 'p.jpg', data: JPEG_BYTES });
    const good = { documentType: 'PASSPORT', documentNumber: 'A1' };
    const cases: [string, unknown][] = [
      ['/api/verification/document', { ...good, uploadId: someoneElses }],
      ['/api/verification/document', { ...good, uploadId: chat.json().data.upload.id }],
      ['/api/verification/document', { ...good, uploadId: 'nope' }],
      ['/api/verification/document', { ...good, documentType: 'NATIONAL_ID', uploadId: 'x' }],
      ['/api/verification/document', { ...good, documentNumber: '<script>', uploadId: 'x' }],
      ['/api/verification/document', { ...good, documentNumber: 'a'.repeat(51), uploadId: 'x' }],
      [
        '/api/verification/nin',
        { nin: 'abcdefghijk', firstName: 'a', lastName: 'b', dateOfBirth: '1990-01-01' },
      ],
      [
        '/api/verification/nin',
        { nin: '123456789012', firstName: 'a', lastName: 'b', dateOfBirth: '1990-01-01' },
      ],
      [
        '/api/verification/nin',
        { nin: '1234567890', firstName: 'a', lastName: 'b', dateOfBirth: '1990-01-01' },
      ],
      [
        '/api/verification/nin',
        { nin: '12345678901', firstName: '', lastName: 'b', dateOfBirth: '1990-01-01' },
      ],
      [
        '/api/verification/nin',
        { nin: '12345678901', firstName: 'a', lastName: 'b', dateOfBirth: '2999-01-01' },
      ],
      [
        '/api/verification/nin',
        { nin: '12345678901', firstName: 'a', lastName: 'b', dateOfBirth: '1990-13-45' },
      ],
      [
        '/api/verification/nin',
        { nin: 12345678901, firstName: 'a', lastName: 'b', dateOfBirth: '1990-01-01' },
      ],
      [
        '/api/verification/nin',
        { nin: '12345678901', firstName: 'a'.repeat(101), lastName: 'b', dateOfBirth: '1990-01-01' },
      ],
      ['/api/verification/bvn', { bvn: '12345678901', firstName: 'a', lastName: 'b' }],
      [
        '/api/verification/bvn',
        { bvn: '12345678901', firstName: 'a', lastName: 'b', phoneNumber: 'call me' },
      ],
      ['/api/verification/bvn', []],
      ['/api/verification/bvn', 'null'],
    ];
    for (const [path, body] of cases) {
      const res = await post(app, user, path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${path} ${JSON.stringify(body)} ${res.body}`).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    expect((await status(user)).history).toEqual([]);
    for (const path of ['/api/verification/status', '/api/verification/nin'])
      expect(
        (await app.inject({ method: path.endsWith('status') ? 'GET' : 'POST', url: path })).statusCode,
      ).toBe(401);
  });
});

describe('documents: staff review', () => {
  it('user 403 on every staff call; SUPPORT and ADMIN review; each review writes exactly one audit row', async () => {
    const owner = await createUser(app, 'Review');
    const first = await submitDocument(app, owner, 'PASSPORT');
    const second = await submitDocument(app, owner, 'UTILITY_BILL');
    for (const [method, url] of [
      ['GET', '/api/admin/documents?status=PENDING_REVIEW'],
      ['POST', `/api/admin/documents/${first.documentId}/approve`],
      ['POST', `/api/admin/documents/${first.documentId}/reject`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: cast.buyer.headers,
        ...(method === 'POST' ? { payload: { reason: 'x' } } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
    }
    expect(await auditFor(first.documentId)).toEqual([]);

    const queue = await get(app, cast.support, '/api/admin/documents?status=PENDING_REVIEW&limit=100');
    expect(queue.statusCode).toBe(200);
    const listed = queue.json().data.documents.find((d: { id: string }) => d.id === first.documentId);
    expect(listed).toMatchObject({
      documentType: 'PASSPORT',
      documentNumber: '*****5678',
      status: 'PENDING_REVIEW',
      user: { id: owner.id },
      image: { uploadId: first.uploadId, mimeType: 'image/png' },
    });

    const approved = await post(app, cast.support, `/api/admin/documents/${first.documentId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Document approved',
      data: { document: { status: 'VERIFIED', isVerified: true } },
    });
    const rejected = await post(app, cast.admin, `/api/admin/documents/${second.documentId}/reject`, {
      reason: 'The bill is older than 3 months',
    });
    expect(rejected.json().data.document).toMatchObject({
      status: 'REJECTED',
      reason: 'The bill is older than 3 months',
    });

    const [approveAudit] = await auditFor(first.documentId);
    expect(await auditFor(first.documentId)).toHaveLength(1);
    expect(approveAudit).toMatchObject({
      actorId: cast.support.id,
      action: 'document.approve',
      targetType: 'document',
      summary: { before: { status: 'PENDING_REVIEW' }, after: { status: 'VERIFIED', trustScore: 10 } },
    });
    expect(approveAudit!.requestId).toBeTruthy();
    expect(await auditFor(second.documentId)).toMatchObject([
      {
        actorId: cast.admin.id,
        action: 'document.reject',
        summary: { after: { status: 'REJECTED', reason: 'The bill is older than 3 months' } },
      },
    ]);

    // A second review is refused and writes nothing.
    expect(
      (await post(app, cast.admin, `/api/admin/documents/${first.documentId}/reject`, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    expect(await auditFor(first.documentId)).toHaveLength(1);
    expect((await post(app, cast.admin, '/api/admin/documents/unknown-id/approve')).statusCode).toBe(404);
    expect(
      (await post(app, cast.admin, `/api/admin/documents/${second.documentId}/reject`, {})).statusCode,
    ).toBe(400);

    // The owner sees the result, the trust it added and a notification for each.
    const s = await status(owner);
    expect(s.user.trustScore).toBe(10);
    expect(s.trustReasons).toEqual([{ label: '1 approved document', points: 10 }]);
    const byId = Object.fromEntries(s.documents.map((d: { id: string }) => [d.id, d]));
    expect(byId[first.documentId]).toMatchObject({ status: 'VERIFIED', isVerified: true });
    expect(byId[second.documentId]).toMatchObject({
      status: 'REJECTED',
      reason: 'The bill is older than 3 months',
    });
    // As the owner reads them (a row holds the message id and its values).
    const notes = (
      await app.deps.db.select().from(notifications).where(eq(notifications.userId, owner.id))
    ).map((row) => toNotificationView(row));
    expect(notes.map((n) => n.title).sort()).toEqual(['Document rejected', 'Document verified']);
    expect(notes.find((n) => n.title === 'Document rejected')!.message).toContain(
      'The bill is older than 3 months',
    );
  });

  it('an approved CAC certificate marks a business license holder', async () => {
    const vendor = await createUser(app, 'Vendor');
    const other = await createUser(app, 'Other');
    const cac = await submitDocument(app, vendor, 'CAC_CERTIFICATE', 'RC123456');
    await submitDocument(app, other, 'CAC_CERTIFICATE', 'RC654321');
    expect(await businessLicenseHolders(app.deps.db, [vendor.id, other.id])).toEqual(new Set());
    await post(app, cast.support, `/api/admin/documents/${cac.documentId}/approve`);
    expect(await businessLicenseHolders(app.deps.db, [vendor.id, other.id])).toEqual(new Set([vendor.id]));
    expect(await businessLicenseHolders(app.deps.db, [])).toEqual(new Set());
  });
});
