import { z } from 'zod';
import { UPLOAD_PURPOSES } from '../domain/uploads.ts';
import { msg } from '../i18n/msg.ts';

/**
 * File uploads (docs/architecture.md "Files"): the purposes, types, limits and download address live in
 * domain/uploads.ts (zod-free, what screens import); re-exported here for the server.
 */
export {
  DOCUMENT_MIME_TYPES,
  IMAGE_MIME_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  uploadUrl,
  type UploadMimeType,
  type UploadPurpose,
  type UploadRule,
} from '../domain/uploads.ts';

export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES, { error: msg('Unknown upload purpose') });

export const uploadSchema = z.object({
  id: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  purpose: uploadPurposeSchema,
  transactionId: z.string().nullable(),
  disputeId: z.string().nullable(),
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadAnswerSchema = z.object({ upload: uploadSchema });
