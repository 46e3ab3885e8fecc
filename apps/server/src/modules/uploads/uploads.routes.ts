import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageUploadAnswerSchema } from '@escrow/shared/schemas/messages';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_RULES,
  uploadAnswerSchema,
  uploadPurposeSchema,
  uploadUrl,
  type Upload,
  type UploadPurpose,
} from '@escrow/shared/schemas/uploads';
import { envelope, ok } from '../../lib/envelope.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { byUser, limitRequests } from '../../lib/rate-limits.ts';
import type { AppConfig } from '../../config/env.ts';
import { safeFilename } from './uploads.sniff.ts';
import {
  findReadableUpload,
  openUpload,
  saveUpload,
  type ChatFileSent,
  type EvidenceAttached,
  type IdentityDocumentViewed,
  type MilestoneFileDelivered,
  type TransactionDisputed,
  type UploadsDeps,
} from './uploads.service.ts';

const fieldsSchema = z.object({
  purpose: uploadPurposeSchema,
  transactionId: z.uuid(msg('Transaction Not Found')).optional(),
  disputeId: z.uuid(msg('Dispute not found')).optional(),
});
const chatFieldsSchema = z
  .object({ transactionId: z.uuid(msg('Transaction Not Found')) })
  .transform((fields) => ({ ...fields, purpose: 'chat_attachment' as UploadPurpose }));
// Only images are shown inline; everything else (PDFs included) is a download, so no document a user
// uploaded ever runs in the app's origin.
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const tags = ['uploads'];
const security = [{ bearerAuth: [] }];

/** RFC 6266/5987 disposition with an ASCII fallback, so any name is safe in the header. */
function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const TEN_MB = msg('File size must be less than 10MB');
/** A rule's tooLarge of a file not read (so not named): 'The file is too large…'. */
const THE_FILE_TOO_LARGE = msg('The file is too large. Maximum size is 5MB');

/**
 * A purpose's refusal of a file over the multipart limit, which never reached the rule's own check: its
 * tooLarge('The file') as one message (the rules that name the file say 'The file').
 */
function unreadTooLarge(purpose: UploadPurpose): string {
  const rule = UPLOAD_RULES[purpose];
  const english = rule.tooLarge('The file');
  if (english === THE_FILE_TOO_LARGE) return THE_FILE_TOO_LARGE;
  return rule.tooLargeMessage.includes('{file}') ? english : rule.tooLargeMessage;
}

/**
 * Reads a multipart upload whose text fields come before its one file ("file"): the fields are checked
 * with `schema` when the file starts, and the file streams straight into storage (never whole in memory).
 */
async function receiveUpload(
  request: FastifyRequest,
  deps: UploadsDeps,
  schema: z.ZodType<z.output<typeof fieldsSchema>>,
): Promise<Upload> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('Send the file as multipart/form-data'));
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(msg('The file must be sent in the "file" field'));
        // The file streams straight into storage, so what it is for must be known before it.
        const parsed = schema.safeParse(fields);
        if (!parsed.success) {
          part.file.resume();
          throw badRequest(
            fields.purpose === undefined && fields.transactionId === undefined
              ? msg('Send purpose (and transactionId) before the file')
              : (parsed.error.issues[0]?.message ?? msg('Invalid upload fields')),
          );
        }
        try {
          upload = await saveUpload(deps, request.user!, {
            ...parsed.data,
            filename: safeFilename(part.filename),
            body: part.file,
          });
        } finally {
          // Whatever was not read (a refused file) is drained, so the request can finish.
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const purpose = uploadPurposeSchema.safeParse(fields.purpose ?? 'chat_attachment');
      throw new AppError('PAYLOAD_TOO_LARGE', purpose.success ? unreadTooLarge(purpose.data) : TEN_MB);
    }
    if (code?.startsWith('FST_')) throw badRequest(msg('Malformed upload'));
    throw error;
  }
  if (!upload) throw badRequest(msg('Please choose a file to upload'));
  return upload;
}

/** The multipart limits of every upload route: one byte over the largest file, so its own limit speaks first. */
export const UPLOAD_MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES + 1,
  files: 1,
  fields: 5,
  fieldSize: 200,
  parts: 6,
  headerPairs: 50,
};

/**
 * The app's POST /uploads for another route of the same kind (the partner API's): the same fields and
 * checks, as `request.user`. The caller registers @fastify/multipart with UPLOAD_MULTIPART_LIMITS.
 */
export const receiveAppUpload = (request: FastifyRequest, deps: UploadsDeps) =>
  receiveUpload(request, deps, fieldsSchema);

/** POST /uploads (multipart: file, purpose, transactionId/disputeId) and GET /uploads/{id}. */
export const uploadsRoutes =
  (
    deps: UploadsDeps & {
      config: AppConfig;
      chatFileSent: ChatFileSent;
      evidenceAttached: EvidenceAttached;
      milestoneFileDelivered: MilestoneFileDelivered;
      transactionDisputed: TransactionDisputed;
      identityDocumentViewed: IdentityDocumentViewed;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: UPLOAD_MULTIPART_LIMITS,
    });
    app.addHook('onRequest', app.authenticate);
    // Each upload costs disk and a content check: counted per user before the file is read.
    const uploadLimit = limitRequests(app, {
      name: 'uploads-user',
      max: deps.config.RATE_LIMIT_UPLOADS_PER_HOUR,
      windowSeconds: 3600,
      key: byUser,
    });

    app.post(
      '/uploads',
      {
        preHandler: uploadLimit,
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(uploadAnswerSchema) },
        },
      },
      async (request, reply) => {
        const upload = await receiveUpload(request, deps, fieldsSchema);
        return reply.status(201).send(ok({ upload }));
      },
    );

    app.post(
      '/messages/upload',
      {
        preHandler: uploadLimit,
        schema: {
          tags: ['messages'],
          security,
          consumes: ['multipart/form-data'],
          // The answer: 200 with the attachment.
          response: { 200: envelope(messageUploadAnswerSchema) },
        },
      },
      async (request) => {
        const upload = await receiveUpload(request, deps, chatFieldsSchema);
        const attachment = {
          id: upload.id,
          filename: upload.filename,
          mimeType: upload.mimeType,
          size: upload.size,
          fileSize: upload.size,
          fileUrl: uploadUrl(upload.id),
        };
        return ok({ attachment });
      },
    );

    app.get(
      '/uploads/:id',
      {
        schema: {
          tags,
          security,
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: z.any().describe('The file bytes') },
        },
      },
      async (request, reply) => {
        const upload = await findReadableUpload(deps, request.user!, request.params.id);
        const stored = await openUpload(deps, upload);
        // Only staff reach another user's identity image (findReadableUpload); each look is audited.
        if (upload.purpose === 'identity_document' && upload.ownerId !== request.user!.id) {
          try {
            await deps.identityDocumentViewed(
              { staffId: request.user!.id, requestId: request.id },
              { uploadId: upload.id, ownerId: upload.ownerId },
            );
          } catch (error) {
            stored.body.destroy();
            throw error;
          }
        }
        const kind = INLINE_TYPES.has(upload.mimeType) ? 'inline' : 'attachment';
        return reply
          .header('content-type', upload.mimeType)
          .header('content-length', upload.size)
          .header('content-disposition', contentDisposition(kind, upload.filename))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
          .send(stored.body);
      },
    );
  };
