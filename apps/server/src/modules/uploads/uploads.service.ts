import { createHash } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import { UPLOAD_RULES, type Upload, type UploadPurpose } from '@escrow/shared/schemas/uploads';
import { disputes } from '../../db/schema/disputes.ts';
import { uploads, type UploadRow } from '../../db/schema/uploads.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthUser } from '../auth/index.ts';
import { isTransactionMember, memberTransactionRow } from '../transactions/index.ts';
import { activePdfContent, sniffMimeType } from './uploads.sniff.ts';
import { localStorage, type FileStorage } from './uploads.storage.ts';

/** What the uploads module needs: the database, the clock and where files live. */
export type UploadsDeps = { db: Db; clock: Clock; storage: FileStorage };

/** The default file store: DATA_DIR/uploads on local disk. */
export function localUploadStorage(dataDir: string): FileStorage {
  return localStorage(path.join(dataDir, 'uploads'));
}

export function toUploadView(row: UploadRow): Upload {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.mimeType,
    size: row.size,
    purpose: row.purpose,
    transactionId: row.transactionId,
    disputeId: row.disputeId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NewUpload = {
  purpose: UploadPurpose;
  transactionId?: string;
  disputeId?: string;
  filename: string;
  data: Buffer;
};

/**
 * Checks who may attach a file where, then its real type and size for the purpose, and stores it
 * under a server-generated key. Shipment photos only from the transaction's seller.
 */
export async function saveUpload(deps: UploadsDeps, user: AuthUser, input: NewUpload): Promise<Upload> {
  const rule = UPLOAD_RULES[input.purpose];
  let transactionId: string | null = null;
  if (rule.scope !== 'personal') {
    if (!input.transactionId) throw badRequest('transactionId is required for this upload');
    const row = await memberTransactionRow(deps.db, user.id, input.transactionId);
    if (input.purpose === 'shipment_photo' && viewerRoleOf(row, user.id) !== 'SELLER')
      throw forbidden('Only the seller can upload shipment photos');
    transactionId = row.id;
  }
  if (input.data.length === 0) throw badRequest(`${input.filename} is empty`);
  const mimeType = sniffMimeType(input.data, input.filename);
  if (!mimeType || !rule.accepted.includes(mimeType))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.notAccepted(input.filename));
  if (input.data.length > rule.maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge(input.filename));
  if (mimeType === 'application/pdf') {
    const active = activePdfContent(input.data);
    if (active)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `${input.filename} contains active content (${active.slice(1)}), which is not allowed in shared files. Print it to a new PDF and upload that.`,
      );
  }

  const id = uuidv7();
  const now = deps.clock.now();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  await deps.storage.put(storageKey, input.data);
  try {
    const [row] = await deps.db
      .insert(uploads)
      .values({
        id,
        ownerId: user.id,
        purpose: input.purpose,
        transactionId,
        disputeId: input.purpose === 'dispute_evidence' ? (input.disputeId ?? null) : null,
        filename: input.filename,
        mimeType,
        size: input.data.length,
        storageKey,
        sha256: createHash('sha256').update(input.data).digest('hex'),
      })
      .returning();
    return toUploadView(row!);
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw error;
  }
}

const STAFF_READABLE: UploadPurpose[] = ['shipment_photo', 'dispute_evidence', 'identity_document'];

/**
 * The upload if this user may read it: the parties of its transaction (shipment photos, chat,
 * evidence), the owner (personal files), staff for review purposes; profile pictures are shown to
 * any signed-in user (avatars). Everyone else gets 404, as if it did not exist.
 */
export async function findReadableUpload(
  deps: Pick<UploadsDeps, 'db'>,
  user: AuthUser,
  id: string,
): Promise<UploadRow> {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  const missing = () => new AppError('NOT_FOUND', 'File not found');
  if (!row) throw missing();
  if (row.ownerId === user.id || row.purpose === 'profile_picture') return row;
  if (user.role !== 'USER' && STAFF_READABLE.includes(row.purpose)) return row;
  // Staff read the parties' chat (and its files) only through a dispute on that transaction.
  if (user.role !== 'USER' && row.purpose === 'chat_attachment' && row.transactionId) {
    const [disputed] = await deps.db
      .select({ id: disputes.id })
      .from(disputes)
      .where(eq(disputes.transactionId, row.transactionId))
      .limit(1);
    if (disputed) return row;
  }
  if (row.transactionId) {
    if (await isTransactionMember(deps.db, row.transactionId, user.id)) return row;
  }
  throw missing();
}
