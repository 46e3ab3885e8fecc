import { msg } from '../i18n/msg.ts';

/**
 * File uploads (docs/architecture.md "Files"; limits in docs/product.md "Timers and limits").
 * The server decides the type from the content (magic bytes), never from the name or the browser's claim.
 * Pure and zod-free: screens that check a file before uploading it, or show one, import the rules from
 * here and do not download zod with schemas/uploads.ts (which re-exports them for the server).
 */
export const UPLOAD_PURPOSES = [
  'shipment_photo',
  'chat_attachment',
  'dispute_evidence',
  'profile_picture',
  'identity_document',
  'milestone_file',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'application/zip',
  'application/vnd.rar',
] as const;
export type UploadMimeType = (typeof IMAGE_MIME_TYPES)[number] | (typeof DOCUMENT_MIME_TYPES)[number];

const MB = 1024 * 1024;

export type UploadRule = {
  maxBytes: number;
  accepted: readonly UploadMimeType[];
  /** Whether the upload belongs to a transaction (transactionId, checked for membership) or its owner. */
  scope: 'transaction' | 'personal';
  notAccepted: (filename: string) => string;
  /** notAccepted as an ICU message: {file} is the file's name. */
  notAcceptedMessage: string;
  tooLarge: (filename: string) => string;
  /** tooLarge as an ICU message: {file} is the file's name (not every text names it). */
  tooLargeMessage: string;
};

export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  shipment_photo: {
    maxBytes: 5 * MB,
    accepted: IMAGE_MIME_TYPES,
    scope: 'transaction',
    notAccepted: (file) => `${file} is not an image file`,
    notAcceptedMessage: msg('{file} is not an image file'),
    tooLarge: (file) => `${file} is too large. Maximum size is 5MB`,
    tooLargeMessage: msg('{file} is too large. Maximum size is 5MB'),
  },
  chat_attachment: {
    maxBytes: 10 * MB,
    accepted: [...IMAGE_MIME_TYPES, ...DOCUMENT_MIME_TYPES],
    scope: 'transaction',
    notAccepted: (file) => `${file} is not a supported file type (images, pdf, doc, docx, txt, zip, rar)`,
    notAcceptedMessage: msg('{file} is not a supported file type (images, pdf, doc, docx, txt, zip, rar)'),
    tooLarge: () => 'File size must be less than 10MB',
    tooLargeMessage: msg('File size must be less than 10MB'),
  },
  // Uploaded against the dispute's transaction (its parties only), then attached to the dispute with
  // POST /disputes/{id}/evidence; downloads: the parties and staff.
  dispute_evidence: {
    maxBytes: 10 * MB,
    accepted: [...IMAGE_MIME_TYPES, ...DOCUMENT_MIME_TYPES],
    scope: 'transaction',
    notAccepted: (file) => `${file} is not a supported file type (images, pdf, doc, docx, txt, zip, rar)`,
    notAcceptedMessage: msg('{file} is not a supported file type (images, pdf, doc, docx, txt, zip, rar)'),
    tooLarge: () => 'File size must be less than 10MB',
    tooLargeMessage: msg('File size must be less than 10MB'),
  },
  profile_picture: {
    maxBytes: 5 * MB,
    accepted: IMAGE_MIME_TYPES,
    scope: 'personal',
    notAccepted: () => 'Please select an image file',
    notAcceptedMessage: msg('Please select an image file'),
    tooLarge: () => 'Image size should be less than 5MB',
    tooLargeMessage: msg('Image size should be less than 5MB'),
  },
  // A milestone's delivery (docs/money.md "Milestones"): work files or photos from the seller; the buyer
  // reads them once a delivery carries them.
  milestone_file: {
    maxBytes: 10 * MB,
    accepted: [...IMAGE_MIME_TYPES, ...DOCUMENT_MIME_TYPES],
    scope: 'transaction',
    notAccepted: (file) => `${file} is not a supported file type (images, pdf, doc, docx, txt, zip, rar)`,
    notAcceptedMessage: msg('{file} is not a supported file type (images, pdf, doc, docx, txt, zip, rar)'),
    tooLarge: () => 'File size must be less than 10MB',
    tooLargeMessage: msg('File size must be less than 10MB'),
  },
  identity_document: {
    maxBytes: 10 * MB,
    accepted: [...IMAGE_MIME_TYPES, 'application/pdf'],
    scope: 'personal',
    notAccepted: (file) => `${file} must be an image or a PDF`,
    notAcceptedMessage: msg('{file} must be an image or a PDF'),
    tooLarge: () => 'File size must be less than 10MB',
    tooLargeMessage: msg('File size must be less than 10MB'),
  },
};

/** The largest file any purpose accepts (the multipart limit). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** Where the file is downloaded (bearer token required; the server checks who may read it). */
export const uploadUrl = (id: string) => `/api/uploads/${id}`;
