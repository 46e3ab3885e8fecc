import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { STORAGE_KEY_PATTERN, type FileStorage } from './uploads.storage.ts';

/**
 * The image of an identity document the identity module deleted (docs/privacy.md, "Retention": rejected
 * documents), inside its transaction `tx`: the stored object first (disk or S3 alike), then the row.
 * A store that fails throws, so the caller's transaction rolls back and both stay for the next pass.
 * Only an upload with purpose `identity_document` is touched; the caller checks that no document
 * refers to it any more. Answers whether a row went.
 */
export async function removeIdentityDocumentUpload(
  tx: Tx,
  storage: Pick<FileStorage, 'remove'>,
  uploadId: string,
): Promise<boolean> {
  const mine = and(eq(uploads.id, uploadId), eq(uploads.purpose, 'identity_document'));
  const [row] = await tx.select({ storageKey: uploads.storageKey }).from(uploads).where(mine).for('update');
  if (!row) return false;
  // A key the server could never have written has no object to remove; the row goes all the same.
  if (STORAGE_KEY_PATTERN.test(row.storageKey)) await storage.remove(row.storageKey);
  await tx.delete(uploads).where(mine);
  return true;
}
