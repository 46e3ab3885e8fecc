import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import { UPLOAD_RULES, type Upload, type UploadPurpose } from '@escrow/shared/schemas/uploads';
import { uploads, type UploadRow } from '../../db/schema/uploads.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { staffTwoFactorMet, twoFactorRequired } from '../../lib/staff-two-factor.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthUser } from '../auth/index.ts';
import { isTransactionMember, memberTransactionRow } from '../transactions/index.ts';
import { inspectingStream } from './uploads.inspect.ts';
import { PDF_UNCHECKABLE } from './uploads.pdf-streams.ts';
import { StorageError, type FileStorage } from './uploads.storage.ts';

/** What the uploads module needs: the database, the clock and where files live. */
export type UploadsDeps = { db: Db; clock: Clock; storage: FileStorage };

/** Whether a sent message of the transaction's conversation carries the upload (messages module). */
export type ChatFileSent = (transactionId: string, uploadId: string) => Promise<boolean>;

/** Whether evidence of a dispute on the transaction carries the upload (disputes module). */
export type EvidenceAttached = (transactionId: string, uploadId: string) => Promise<boolean>;

/** Whether a dispute was ever raised on the transaction (disputes module). */
export type TransactionDisputed = (transactionId: string) => Promise<boolean>;

/** Whether a delivered milestone of the transaction carries the upload (transactions module). */
export type MilestoneFileDelivered = (transactionId: string, uploadId: string) => Promise<boolean>;

/**
 * Called before an identity document image is served to staff (not to its owner), so every staff look is
 * on record (identity module: an audit row). If it throws, the file is not served.
 */
export type IdentityDocumentViewed = (
  look: { staffId: string; requestId: string },
  image: { uploadId: string; ownerId: string },
) => Promise<void>;

/** A storage failure as the API answers it: a missing object is a 404, an outage a 503 to retry. */
export function storageFailure(error: unknown): unknown {
  if (!(error instanceof StorageError)) return error;
  if (error.reason === 'missing') return new AppError('NOT_FOUND', msg('File not found'));
  return new AppError(
    'SERVICE_UNAVAILABLE',
    msg('File storage is unavailable at the moment. Please try again shortly.'),
    undefined,
    { 'retry-after': '5' },
  );
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
  /** The file's bytes as they arrive; read once, never held whole. */
  body: Readable;
};

/**
 * Checks who may attach a file where, then streams it into storage under a server-generated key while
 * learning its real type and size; a file over the purpose's limit fails as soon as it passes it, a
 * wrong type or active content is removed again. Shipment photos only from the transaction's seller.
 */
export async function saveUpload(deps: UploadsDeps, user: AuthUser, input: NewUpload): Promise<Upload> {
  const rule = UPLOAD_RULES[input.purpose];
  let transactionId: string | null = null;
  if (rule.scope !== 'personal') {
    if (!input.transactionId) throw badRequest(msg('transactionId is required for this upload'));
    const row = await memberTransactionRow(deps.db, user.id, input.transactionId);
    if (input.purpose === 'shipment_photo' && viewerRoleOf(row, user.id) !== 'SELLER')
      throw forbidden(msg('Only the seller can upload shipment photos'));
    if (input.purpose === 'milestone_file' && viewerRoleOf(row, user.id) !== 'SELLER')
      throw forbidden(msg('Only the seller can upload milestone files'));
    transactionId = row.id;
  }

  const id = uuidv7();
  const now = deps.clock.now();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  // The refusals name the file: {file} in each message.
  const file = { file: input.filename };
  const notAccepted = () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', rule.notAcceptedMessage, undefined, undefined, file);
  const { stream, facts } = inspectingStream(input.filename, {
    maxBytes: rule.maxBytes,
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage, undefined, undefined, file),
    accepted: rule.accepted,
    notAccepted,
  });
  input.body.on('error', (error) => stream.destroy(error));
  // The store reports the check's failure (`errored`); until it listens, nothing may go unhandled.
  stream.on('error', () => {});
  try {
    await deps.storage.write(storageKey, input.body.pipe(stream));
  } catch (error) {
    throw storageFailure(error);
  }
  try {
    const content = facts.finish();
    if (content.size === 0)
      throw new AppError('VALIDATION_ERROR', msg('{file} is empty'), undefined, undefined, file);
    if (!content.mimeType || !rule.accepted.includes(content.mimeType)) throw notAccepted();
    if (content.activePdf === PDF_UNCHECKABLE)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        msg(
          '{file} could not be checked for active content (a compressed part is damaged, nested or too large). Print it to a new PDF and upload that.',
        ),
        undefined,
        undefined,
        file,
      );
    if (content.activePdf)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        msg(
          '{file} contains active content ({content}), which is not allowed in shared files. Print it to a new PDF and upload that.',
        ),
        undefined,
        undefined,
        { ...file, content: content.activePdf.slice(1) },
      );
    const [row] = await deps.db
      .insert(uploads)
      .values({
        id,
        ownerId: user.id,
        purpose: input.purpose,
        transactionId,
        disputeId: input.purpose === 'dispute_evidence' ? (input.disputeId ?? null) : null,
        filename: input.filename,
        mimeType: content.mimeType,
        size: content.size,
        storageKey,
        sha256: content.sha256,
      })
      .returning();
    return toUploadView(row!);
  } catch (error) {
    await deps.storage.remove(storageKey).catch(() => {});
    throw error;
  }
}

/** The stored bytes of a readable upload (a missing object is a 404, a storage outage a 503). */
export async function openUpload(deps: Pick<UploadsDeps, 'storage'>, row: UploadRow) {
  try {
    return await deps.storage.open(row.storageKey);
  } catch (error) {
    throw storageFailure(error);
  }
}

const STAFF_READABLE: UploadPurpose[] = [
  'shipment_photo',
  'dispute_evidence',
  'identity_document',
  'milestone_file',
];

/**
 * The upload if this user may read it: the parties of its transaction (shipment photos, chat,
 * evidence), the owner (personal files), staff for review purposes; profile pictures are shown to
 * any signed-in user (avatars). A chat file reaches the other party only once a sent message carries
 * it, an evidence file once an evidence row of a dispute on its transaction does, a milestone file once
 * a milestone delivery does (until then each is the uploader's draft). Everyone else gets 404, as if it did not exist.
 * A file reached only as staff needs the staff second factor (lib/staff-two-factor.ts), else 403.
 */
export async function findReadableUpload(
  deps: Pick<UploadsDeps, 'db'> & {
    config: Pick<AppConfig, 'staffTwoFactor'>;
    chatFileSent: ChatFileSent;
    evidenceAttached: EvidenceAttached;
    milestoneFileDelivered: MilestoneFileDelivered;
    transactionDisputed: TransactionDisputed;
  },
  user: AuthUser,
  id: string,
): Promise<UploadRow> {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  const missing = () => new AppError('NOT_FOUND', msg('File not found'));
  if (!row) throw missing();
  if (row.ownerId === user.id || row.purpose === 'profile_picture') return row;
  // Staff without the second factor still read what they may read as a party; anything else is the 403.
  const staffMayRead = staffTwoFactorMet(user, deps.config.staffTwoFactor);
  let staffRefused = false;
  const asStaff = () => {
    if (staffMayRead) return true;
    staffRefused = true;
    return false;
  };
  if (user.role !== 'USER' && STAFF_READABLE.includes(row.purpose) && asStaff()) return row;
  // Staff read the parties' chat (and its files) only through a dispute on that transaction.
  if (user.role !== 'USER' && row.purpose === 'chat_attachment' && row.transactionId) {
    if ((await deps.transactionDisputed(row.transactionId)) && asStaff()) return row;
  }
  if (row.transactionId && (await isTransactionMember(deps.db, row.transactionId, user.id))) {
    if (row.purpose === 'chat_attachment') {
      if (await deps.chatFileSent(row.transactionId, row.id)) return row;
    } else if (row.purpose === 'dispute_evidence') {
      if (await deps.evidenceAttached(row.transactionId, row.id)) return row;
    } else if (row.purpose === 'milestone_file') {
      if (await deps.milestoneFileDelivered(row.transactionId, row.id)) return row;
    } else return row;
  }
  throw staffRefused ? twoFactorRequired() : missing();
}
