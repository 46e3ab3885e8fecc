import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadPurpose } from '@escrow/shared/schemas/uploads';
import type { Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { STORAGE_KEY_PATTERN, type FileStorage } from './uploads.storage.ts';

/**
 * The files a closed account takes with it (docs/privacy.md): its picture, its identity documents and
 * the chat files it sent. Shipment photos, dispute evidence and milestone files stay: they are the
 * record of a trade both parties (and staff, in a dispute) rely on.
 */
const PERSONAL_PURPOSES: UploadPurpose[] = ['profile_picture', 'identity_document', 'chat_attachment'];

export type RemovedUpload = { id: string; purpose: UploadPurpose; storageKey: string };

/**
 * Deletes the rows of the owner's personal files inside the closing transaction (the identity module
 * deletes the document rows that point at them first) and answers them; the caller removes the stored
 * objects with `removeStoredObjects` once the transaction committed, so a rollback leaves every file.
 */
export async function deletePersonalUploadRows(tx: Tx, ownerId: string): Promise<RemovedUpload[]> {
  return tx
    .delete(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.purpose, PERSONAL_PURPOSES)))
    .returning({ id: uploads.id, purpose: uploads.purpose, storageKey: uploads.storageKey });
}

/**
 * Removes stored objects whose rows are already gone (disk or S3 alike). A store that fails is tried
 * once more; what still fails is logged with its key (never its owner) for an operator to remove, and
 * counted in the answer, since no row is left to retry from.
 */
export async function removeStoredObjects(
  deps: { storage: FileStorage; log: FastifyBaseLogger },
  keys: string[],
): Promise<{ removed: number; failed: number }> {
  let removed = 0;
  let failed = 0;
  for (const key of keys) {
    // A key the server could never have written has no object to remove.
    if (!STORAGE_KEY_PATTERN.test(key)) continue;
    try {
      await deps.storage.remove(key).catch(() => deps.storage.remove(key));
      removed += 1;
    } catch (error) {
      failed += 1;
      deps.log.error({ err: error, storageKey: key }, 'stored file of a closed account could not be removed');
    }
  }
  return { removed, failed };
}
