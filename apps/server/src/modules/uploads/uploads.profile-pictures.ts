import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';

/**
 * Whether the upload is this user's own profile picture: a profile may only point at the owner's
 * picture upload (so it passed the image and size checks). The accounts module asks through the
 * composition root (uploads depends on auth, not the other way round).
 */
export async function isOwnProfilePicture(db: DbOrTx, userId: string, uploadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerId, userId), eq(uploads.purpose, 'profile_picture')))
    .limit(1);
  return row !== undefined;
}
