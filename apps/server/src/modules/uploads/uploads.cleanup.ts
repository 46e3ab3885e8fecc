import { inArray, sql } from 'drizzle-orm';
import { uploads } from '../../db/schema/uploads.ts';
import type { UploadsDeps } from './uploads.service.ts';
import { STORAGE_KEY_PATTERN } from './uploads.storage.ts';

/** An upload nothing refers to this long after it was made is removed (object and row). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 3600_000;
const BATCH = 100;

/**
 * Removes uploads never attached to anything: a shipment photo no shipment names, a chat file no message
 * carries, evidence on no dispute, a profile picture no profile shows. Identity documents are left to the
 * identity review, which keeps its own records. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * instances running this together each take different rows and none is removed twice; the object goes
 * first, the row with the transaction (a store that is down leaves both for the next pass). Returns how
 * many were removed.
 */
export async function removeUnattachedUploads(deps: UploadsDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNATTACHED_UPLOAD_TTL_MS);
  let removed = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const { rows: found } = (await tx.execute(sql`
        select u.id, u.storage_key from uploads u
        where u.created_at < ${cutoff.toISOString()}::timestamptz
          and case u.purpose
            when 'shipment_photo' then not exists (
              select 1 from transactions t
              where t.id = u.transaction_id and t.shipment_data -> 'photos' @> jsonb_build_array(u.id))
            when 'chat_attachment' then not exists (
              select 1 from messages m
              where m.transaction_id = u.transaction_id
                and m.attachments @> jsonb_build_array(jsonb_build_object('id', u.id)))
            when 'dispute_evidence' then not exists (select 1 from dispute_evidence e where e.upload_id = u.id)
            when 'profile_picture' then not exists (select 1 from users p where p.profile_picture = u.id)
            else false
          end
        order by u.created_at
        limit ${BATCH}
        for update of u skip locked`)) as { rows: { id: string; storage_key: string }[] };
      // A key the server could never have written has no object to remove; its row goes all the same,
      // rather than failing the pass for every other upload.
      for (const row of found)
        if (STORAGE_KEY_PATTERN.test(row.storage_key)) await deps.storage.remove(row.storage_key);
      if (found.length)
        await tx.delete(uploads).where(
          inArray(
            uploads.id,
            found.map((r) => r.id),
          ),
        );
      return found.length;
    });
    removed += batch;
    if (batch < BATCH) return removed;
  }
}
