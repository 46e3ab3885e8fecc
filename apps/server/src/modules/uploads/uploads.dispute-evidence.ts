import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';

/**
 * Evidence files of disputes, for the disputes module: it decides when a file becomes evidence, the
 * uploads module owns the file's row. Both run in the caller's database transaction (the dispute's lock).
 */

/** Whether the upload is the user's own dispute-evidence file for this transaction. */
export async function isEvidenceUploadOf(
  tx: Tx,
  evidence: { uploadId: string; ownerId: string; transactionId: string },
): Promise<boolean> {
  const [upload] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, evidence.uploadId),
        eq(uploads.ownerId, evidence.ownerId),
        eq(uploads.purpose, 'dispute_evidence'),
        eq(uploads.transactionId, evidence.transactionId),
      ),
    );
  return upload !== undefined;
}

/** Marks the upload as evidence of the dispute (its `disputeId`). */
export async function attachUploadToDispute(tx: Tx, uploadId: string, disputeId: string): Promise<void> {
  await tx.update(uploads).set({ disputeId }).where(eq(uploads.id, uploadId));
}
