import { and, asc, eq, lt, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { identityDocuments } from '../../db/schema/identity.ts';
import type { IdentityDeps } from './identity.deps.ts';

/** How long a rejected identity document is kept after its rejection (docs/privacy.md, "Retention"). */
export const REJECTED_DOCUMENT_RETENTION_MS = 30 * 24 * 3600_000;

export type RejectedDocumentsDeps = Pick<IdentityDeps, 'db' | 'clock' | 'log'> & {
  /**
   * Removes the document's image, object and row, inside `tx` (the uploads module's
   * `removeIdentityDocumentUpload`, passed in by the caller): called only once no document refers to
   * the upload any more. It throws when the store fails, which rolls the document's deletion back.
   */
  removeDocumentFile: (tx: Tx, uploadId: string) => Promise<unknown>;
};

/**
 * Housekeeping: identity documents rejected more than 30 days ago are deleted, their image with them
 * (from storage, disk or S3 alike, and its upload row), unless another document of the owner was
 * submitted with the same image. A document pending review or approved is never touched. The
 * verification history keeps its SUBMITTED and REJECTED lines: they name no document and hold no
 * number, so it stays as the user saw it.
 *
 * Each document goes in its own short transaction (claimed with SKIP LOCKED, so instances running this
 * together take different ones); a store that fails leaves that document for the next pass, logged,
 * and the others go on. The candidates are read through the status queue's index (status, created_at):
 * a document is reviewed after it was submitted. Returns how many went.
 */
export async function removeRejectedDocuments(
  deps: RejectedDocumentsDeps,
  { batchSize = 100, maxBatches = 10 }: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - REJECTED_DOCUMENT_RETENTION_MS);
  const due = and(
    eq(identityDocuments.status, 'REJECTED'),
    lt(identityDocuments.createdAt, cutoff),
    lt(identityDocuments.reviewedAt, cutoff),
  );
  const failed: string[] = [];
  let removed = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const batch = await deps.db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(and(due, failed.length ? notInArray(identityDocuments.id, failed) : undefined))
      .orderBy(asc(identityDocuments.createdAt), asc(identityDocuments.id))
      .limit(batchSize);
    for (const { id } of batch) {
      try {
        const gone = await deps.db.transaction(async (tx) => {
          const [doc] = await tx
            .select({ id: identityDocuments.id, uploadId: identityDocuments.uploadId })
            .from(identityDocuments)
            .where(and(eq(identityDocuments.id, id), due))
            .for('update', { skipLocked: true });
          if (!doc) return false; // taken by another instance, or no longer due
          await tx.delete(identityDocuments).where(eq(identityDocuments.id, doc.id));
          const [stillUsed] = await tx
            .select({ id: identityDocuments.id })
            .from(identityDocuments)
            .where(eq(identityDocuments.uploadId, doc.uploadId))
            .limit(1);
          if (!stillUsed) await deps.removeDocumentFile(tx, doc.uploadId);
          return true;
        });
        if (gone) removed += 1;
      } catch (error) {
        failed.push(id);
        deps.log.error({ err: error, documentId: id }, 'rejected identity document could not be removed yet');
      }
    }
    if (batch.length < batchSize) break;
  }
  return removed;
}
