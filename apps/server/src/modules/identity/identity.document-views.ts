import { and, desc, eq } from 'drizzle-orm';
import { DOCUMENT_TYPE_LABELS } from '@escrow/shared/schemas/identity';
import type { Db } from '../../db/client.ts';
import { identityDocuments } from '../../db/schema/identity.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/index.ts';

/** The identity image a staff member is being served (an upload with purpose identity_document). */
export type ViewedIdentityImage = { uploadId: string; ownerId: string };
export type StaffLook = { staffId: string; requestId: string };

/**
 * Every staff look at a user's identity document image is on record (docs/privacy.md): one
 * audit row `identity_document.view` per look, written before the file is sent (if it cannot be written,
 * the file is not served). The target is the document the image belongs to, as for `document.approve`;
 * an image never submitted as a document is named by its upload id.
 */
export async function recordIdentityDocumentView(
  deps: { db: Db; clock: Clock },
  look: StaffLook,
  image: ViewedIdentityImage,
): Promise<void> {
  const [doc] = await deps.db
    .select({ id: identityDocuments.id, documentType: identityDocuments.documentType })
    .from(identityDocuments)
    // The owner's documents first (identity_documents_user_idx), then the one with this image.
    .where(and(eq(identityDocuments.userId, image.ownerId), eq(identityDocuments.uploadId, image.uploadId)))
    .orderBy(desc(identityDocuments.createdAt))
    .limit(1);
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      actorId: look.staffId,
      action: 'identity_document.view',
      targetType: 'document',
      targetId: doc?.id ?? image.uploadId,
      summary: {
        note: doc
          ? `${DOCUMENT_TYPE_LABELS[doc.documentType]} of user ${image.ownerId}`
          : `Identity image ${image.uploadId} of user ${image.ownerId} (not submitted as a document)`,
      },
      requestId: look.requestId,
      at: deps.clock.now(),
    }),
  );
}
