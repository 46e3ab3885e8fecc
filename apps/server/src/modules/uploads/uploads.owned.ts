import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads, type UploadRow } from '../../db/schema/uploads.ts';

/** Every file the user uploaded (all purposes), oldest first: "Download my data" copies their bytes. */
export async function uploadsOwnedBy(db: DbOrTx, ownerId: string): Promise<UploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.ownerId, ownerId)).orderBy(asc(uploads.createdAt));
}
