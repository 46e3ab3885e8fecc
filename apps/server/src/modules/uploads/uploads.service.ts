import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import { UPLOAD_RULES, type Upload, type UploadPurpose } from '@escrow/shared/schemas/uploads';
import { uploads, type UploadRow } from '../../db/schema/uploads.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findTransactionRow } from '../transactions/transactions.repository.ts';
import { transactionNotFound } from '../transactions/transactions.steps.ts';
import { sniffMimeType } from './uploads.sniff.ts';
import { localStorage, type FileStorage } from './uploads.storage.ts';

const storages = new WeakMap<FastifyInstance, FileStorage>();
/** The app's file store: DATA_DIR/uploads. */
export function storageFor(app: FastifyInstance): FileStorage {
  let storage = storages.get(app);
  if (!storage) {
    storage = localStorage(path.join(app.config.dataDir, 'uploads'));
    storages.set(app, storage);
  }
  return storage;
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
export async function saveUpload(app: FastifyInstance, user: AuthUser, input: NewUpload): Promise<Upload> {
  const rule = UPLOAD_RULES[input.purpose];
  let transactionId: string | null = null;
  if (rule.scope !== 'personal') {
    if (!input.transactionId) throw badRequest('transactionId is required for this upload');
    const row = await findTransactionRow(app.db, input.transactionId);
    const role = row ? viewerRoleOf(row, user.id) : null;
    if (!row || !role) throw transactionNotFound();
    if (input.purpose === 'shipment_photo' && role !== 'SELLER')
      throw forbidden('Only the seller can upload shipment photos');
    transactionId = row.id;
  }
  if (input.data.length === 0) throw badRequest(`${input.filename} is empty`);
  const mimeType = sniffMimeType(input.data, input.filename);
  if (!mimeType || !rule.accepted.includes(mimeType))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.notAccepted(input.filename));
  if (input.data.length > rule.maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge(input.filename));

  const id = uuidv7();
  const now = app.clock.now();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  await storageFor(app).put(storageKey, input.data);
  try {
    const [row] = await app.db
      .insert(uploads)
      .values({
        id,
        ownerId: user.id,
        purpose: input.purpose,
        transactionId,
        disputeId: rule.scope === 'dispute' ? (input.disputeId ?? null) : null,
        filename: input.filename,
        mimeType,
        size: input.data.length,
        storageKey,
        sha256: createHash('sha256').update(input.data).digest('hex'),
      })
      .returning();
    return toUploadView(row!);
  } catch (error) {
    await storageFor(app).remove(storageKey);
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
  app: FastifyInstance,
  user: AuthUser,
  id: string,
): Promise<UploadRow> {
  const [row] = await app.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  const missing = () => new AppError('NOT_FOUND', 'File not found');
  if (!row) throw missing();
  if (row.ownerId === user.id || row.purpose === 'profile_picture') return row;
  if (user.role !== 'USER' && STAFF_READABLE.includes(row.purpose)) return row;
  if (row.transactionId) {
    const transaction = await findTransactionRow(app.db, row.transactionId);
    if (transaction && viewerRoleOf(transaction, user.id)) return row;
  }
  throw missing();
}
