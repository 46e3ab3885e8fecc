import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DOCUMENT_TYPE_LABELS,
  maskNumber,
  VERIFICATION_TEXT,
  type AdminDocument,
  type DocumentForm,
  type IdentityDocument,
  type documentQueueQuerySchema,
} from '@escrow/shared/schemas/identity';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  identityDocuments,
  verificationHistory,
  type IdentityDocumentRow,
} from '../../db/schema/identity.ts';
import { uploadDirectory, userDirectory } from '../../db/schema/published.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { recordAudit } from '../audit/index.ts';
import { createNotification, pushNotification, type NotificationView } from '../notifications/index.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { refreshTrustScore } from '../trust/index.ts';

export function toDocumentView(row: IdentityDocumentRow): IdentityDocument {
  return {
    id: row.id,
    documentType: row.documentType,
    documentNumber: row.masked,
    uploadId: row.uploadId,
    status: row.status,
    isVerified: row.status === 'VERIFIED',
    reason: row.reason,
    verifiedAt: row.status === 'VERIFIED' && row.reviewedAt ? row.reviewedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A document for staff review: the image must be the caller's own upload with purpose
 * `identity_document` (served only to the owner and staff); one pending document per type.
 */
export async function submitDocument(
  deps: IdentityDeps,
  userId: string,
  form: DocumentForm,
): Promise<IdentityDocument> {
  // Read through the uploads module's published view: importing that module would close a cycle
  // (uploads → transactions → identity).
  const [file] = await deps.db
    .select({ id: uploadDirectory.id, ownerId: uploadDirectory.ownerId, purpose: uploadDirectory.purpose })
    .from(uploadDirectory)
    .where(eq(uploadDirectory.id, form.uploadId));
  if (!file || file.ownerId !== userId || file.purpose !== 'identity_document')
    throw badRequest(VERIFICATION_TEXT.uploadNotUsable);
  const now = deps.clock.now();
  const number = form.documentNumber.toUpperCase();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(identityDocuments)
      .values({
        userId,
        documentType: form.documentType,
        numberCiphertext: deps.identityCrypto.encrypt(number),
        masked: maskNumber(number),
        uploadId: file.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw conflict(VERIFICATION_TEXT.documentPending);
    await tx.insert(verificationHistory).values({
      userId,
      verificationType: 'DOCUMENT',
      status: 'PENDING',
      outcome: 'SUBMITTED',
      createdAt: now,
      updatedAt: now,
    });
    return inserted;
  });
  deps.log.info(
    { userId, documentId: row.id, documentType: row.documentType },
    'identity document submitted',
  );
  return toDocumentView(row);
}

export type DocumentQueueQuery = z.infer<typeof documentQueueQuerySchema>;

/** The staff queue, oldest first (the one waiting longest is reviewed first). */
export async function listDocuments(deps: Pick<IdentityDeps, 'db'>, query: DocumentQueueQuery) {
  const rows = await deps.db
    .select({
      doc: identityDocuments,
      user: {
        id: userDirectory.id,
        firstName: userDirectory.firstName,
        lastName: userDirectory.lastName,
        email: userDirectory.email,
        verificationLevel: userDirectory.verificationLevel,
      },
      file: {
        id: uploadDirectory.id,
        mimeType: uploadDirectory.mimeType,
        filename: uploadDirectory.filename,
      },
    })
    .from(identityDocuments)
    .innerJoin(userDirectory, eq(userDirectory.id, identityDocuments.userId))
    .innerJoin(uploadDirectory, eq(uploadDirectory.id, identityDocuments.uploadId))
    .where(eq(identityDocuments.status, query.status))
    .orderBy(asc(identityDocuments.createdAt), asc(identityDocuments.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const documents: AdminDocument[] = rows.slice(0, query.limit).map(({ doc, user, file }) => ({
    ...toDocumentView(doc),
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      verificationLevel: user.verificationLevel,
    },
    image: { uploadId: file.id, mimeType: file.mimeType, filename: file.filename },
    reviewerId: doc.reviewerId,
  }));
  return { documents, page: query.page, hasMore: rows.length > query.limit };
}

type Staff = { id: string; requestId: string };

/**
 * Approve or reject (SUPPORT or ADMIN): the status, the history row, the trust score, the owner's
 * notification and exactly one audit row commit together; the notification is pushed after commit.
 */
export async function reviewDocument(
  deps: IdentityDeps,
  staff: Staff,
  documentId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<IdentityDocument> {
  const now = deps.clock.now();
  const { row, note } = await deps.db.transaction(async (tx) => {
    const [doc] = await tx
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.id, documentId))
      .for('update');
    if (!doc) throw new AppError('NOT_FOUND', VERIFICATION_TEXT.documentNotFound);
    if (doc.status !== 'PENDING_REVIEW') throw conflict(VERIFICATION_TEXT.documentNotPending);
    const status = decision.approve ? 'VERIFIED' : 'REJECTED';
    const reason = decision.approve ? null : decision.reason;
    const [updated] = await tx
      .update(identityDocuments)
      .set({ status, reason, reviewerId: staff.id, reviewedAt: now, updatedAt: now })
      .where(and(eq(identityDocuments.id, doc.id), eq(identityDocuments.status, 'PENDING_REVIEW')))
      .returning();
    await tx.insert(verificationHistory).values({
      userId: doc.userId,
      verificationType: 'DOCUMENT',
      status: decision.approve ? 'APPROVED' : 'REJECTED',
      outcome: decision.approve ? 'APPROVED' : 'REJECTED',
      createdAt: now,
      updatedAt: now,
    });
    const trust = await refreshTrustScore(tx, doc.userId, now);
    const note = await notifyOwner(tx, doc, decision.approve, reason);
    await recordAudit(tx, {
      actorId: staff.id,
      action: decision.approve ? 'document.approve' : 'document.reject',
      targetType: 'document',
      targetId: doc.id,
      summary: {
        before: { status: doc.status },
        after: { status, ...(reason ? { reason } : {}), trustScore: trust.score },
        note: `${DOCUMENT_TYPE_LABELS[doc.documentType]} of user ${doc.userId}`,
      },
      requestId: staff.requestId,
      at: now,
    });
    return { row: updated!, note };
  });
  pushNotification(deps.realtime, note);
  deps.tokens.invalidateUser(row.userId);
  return toDocumentView(row);
}

function notifyOwner(
  tx: Tx,
  doc: IdentityDocumentRow,
  approved: boolean,
  reason: string | null,
): Promise<NotificationView> {
  // {documentType} written as DOCUMENT_TYPE_LABELS writes it.
  return createNotification(tx, {
    userId: doc.userId,
    transactionId: null,
    type: 'SYSTEM',
    title: approved ? msg('Document verified') : msg('Document rejected'),
    message: approved
      ? msg(
          "Your {documentType, select, DRIVERS_LICENSE {Driver's License} PASSPORT {Passport} UTILITY_BILL {Utility Bill} BANK_STATEMENT {Bank Statement} CAC_CERTIFICATE {CAC Certificate (business)} other {document}} was verified.",
        )
      : msg(
          "Your {documentType, select, DRIVERS_LICENSE {Driver's License} PASSPORT {Passport} UTILITY_BILL {Utility Bill} BANK_STATEMENT {Bank Statement} CAC_CERTIFICATE {CAC Certificate (business)} other {document}} was rejected: {reason}. You can submit a new one from the Documents tab.",
        ),
    params: { documentType: doc.documentType, reason: reason ?? '' },
    priority: approved ? 'MEDIUM' : 'HIGH',
    metadata: { documentId: doc.id, documentType: doc.documentType, nextAction: '/app/verification' },
  });
}

/** Users among `userIds` with an approved CAC_CERTIFICATE (the vendor directory's business license). */
export async function businessLicenseHoldersIn(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: identityDocuments.userId })
    .from(identityDocuments)
    .where(
      and(
        inArray(identityDocuments.userId, userIds),
        eq(identityDocuments.documentType, 'CAC_CERTIFICATE'),
        eq(identityDocuments.status, 'VERIFIED'),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}
