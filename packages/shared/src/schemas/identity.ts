import { z } from 'zod';
import type { Clock } from '../domain/clock.ts';
import { VERIFICATION_LEVELS } from './auth.ts';
import { msg } from '../i18n/msg.ts';

/**
 * Identity verification (docs/identity.md). NIN and BVN are 11 digits;
 * documents go to staff review. One source for the forms, the answers and the texts of both apps.
 */
export const IDENTITY_NUMBER_LENGTH = 11;
/** NIN and BVN checks a user may run per Lagos calendar day (answers 429 beyond). */
export const IDENTITY_DAILY_ATTEMPTS = 5;
/** How many history items the Overview shows. */
export const VERIFICATION_HISTORY_ITEMS = 5;

export const IDENTITY_KINDS = ['NIN', 'BVN'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

export const DOCUMENT_TYPES = [
  'DRIVERS_LICENSE',
  'PASSPORT',
  'UTILITY_BILL',
  'BANK_STATEMENT',
  'CAC_CERTIFICATE',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  DRIVERS_LICENSE: msg("Driver's License"),
  PASSPORT: msg('Passport'),
  UTILITY_BILL: msg('Utility Bill'),
  BANK_STATEMENT: msg('Bank Statement'),
  CAC_CERTIFICATE: msg('CAC Certificate (business)'),
};

export const DOCUMENT_STATUSES = ['PENDING_REVIEW', 'VERIFIED', 'REJECTED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** How a document's status reads on screen ('Verified' or 'Pending review'). */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  PENDING_REVIEW: msg('Pending review'),
  VERIFIED: msg('Verified'),
  REJECTED: msg('Rejected'),
};

export const HISTORY_TYPES = ['NIN', 'BVN', 'DOCUMENT'] as const;
export const HISTORY_STATUSES = ['APPROVED', 'REJECTED', 'PENDING'] as const;

/** The outcome codes of a NIN or BVN check (docs/identity.md); 200 is the verified answer. */
export const IDENTITY_ERROR_CODES = ['NAME_MISMATCH', 'IDENTITY_NOT_FOUND', 'IDENTITY_IN_USE'] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

export const VERIFICATION_TEXT = {
  ninVerified: msg('NIN verification successful'),
  bvnVerified: msg('BVN verification successful'),
  documentSubmitted: msg('Document submitted for review'),
  nameMismatch: (kind: IdentityKind) =>
    `The names on this ${kind} do not match the first and last name on your profile`,
  /** {kind}: NIN or BVN (so for notFoundMessage and inUseMessage). */
  nameMismatchMessage: msg('The names on this {kind} do not match the first and last name on your profile'),
  notFound: (kind: IdentityKind) => `We could not find this ${kind}. Check the 11 digits and try again`,
  notFoundMessage: msg('We could not find this {kind}. Check the 11 digits and try again'),
  inUse: (kind: IdentityKind) => `This ${kind} is already used by another account`,
  inUseMessage: msg('This {kind} is already used by another account'),
  unavailable: msg(
    'The identity service is unavailable right now. Please try again later; nothing was recorded against your account',
  ),
  /** IDENTITY_DAILY_ATTEMPTS written out (english-messages.test.ts checks it). */
  tooManyAttempts: msg(
    'You have reached the limit of 5 verification attempts today. Please try again tomorrow',
  ),
  loadFailed: msg('Failed to load verification status'),
  ninFailed: msg('NIN verification failed'),
  bvnFailed: msg('BVN verification failed'),
  documentFailed: msg('Document verification failed'),
  documentPending: msg('You already have a document of this type waiting for review'),
  documentNotFound: msg('Document not found'),
  documentNotPending: msg('This document has already been reviewed'),
  documentApproved: msg('Document approved'),
  documentRejected: msg('Document rejected'),
  uploadNotUsable: msg('Upload the document image first'),
  reasonRequired: msg('Please give a reason'),
} as const;

/** Trust score points (docs/product.md "Identity and trust"); clamped to 0-100, recomputed on each event. */
export const TRUST_POINTS = {
  nin: 25,
  bvn: 35,
  approvedDocument: 10,
  perCompletedTransaction: 2,
  completedTransactionsMax: 20,
  accountAge: 10,
  accountAgeDays: 90,
  disputeLost: -10,
} as const;

/** An 11-digit NIN or BVN, with its texts ('NIN is required', …; IDENTITY_NUMBER_LENGTH written out). */
const digits = (text: { required: string; tooLong: string; notExact: string }) =>
  z
    .string({ error: text.required })
    .trim()
    .min(1, text.required)
    .max(IDENTITY_NUMBER_LENGTH, text.tooLong)
    .regex(/^\d{11}$/, text.notExact);
const ninDigits = digits({
  required: msg('NIN is required'),
  tooLong: msg('NIN must be at most 11 characters'),
  notExact: msg('NIN must be exactly 11 digits'),
});
const bvnDigits = digits({
  required: msg('BVN is required'),
  tooLong: msg('BVN must be at most 11 characters'),
  notExact: msg('BVN must be exactly 11 digits'),
});
const personName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(100, tooLong);
const firstName = () =>
  personName(msg('First name is required'), msg('First name must be at most 100 characters'));
const lastName = () =>
  personName(msg('Last name is required'), msg('Last name must be at most 100 characters'));

/** The NIN form; a date of birth after today (by `clock`: the server's, or the device's) is refused. */
export const ninFormSchemaFor = (clock: Clock) =>
  z.object({
    nin: ninDigits,
    firstName: firstName(),
    lastName: lastName(),
    dateOfBirth: z
      .string({ error: msg('Date of birth is required') })
      .regex(/^\d{4}-\d{2}-\d{2}$/, msg('Date of birth is required'))
      .refine(
        (v) =>
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          v >= '1900-01-01' &&
          v <= clock.now().toISOString().slice(0, 10),
        { message: msg('Enter a real date of birth') },
      ),
  });
export type NinForm = z.infer<ReturnType<typeof ninFormSchemaFor>>;

export const bvnFormSchema = z.object({
  bvn: bvnDigits,
  firstName: firstName(),
  lastName: lastName(),
  phoneNumber: z
    .string({ error: msg('Phone number is required') })
    .trim()
    .min(1, msg('Phone number is required'))
    .regex(/^\+?\d{10,14}$/, msg('Enter a valid phone number')),
});
export type BvnForm = z.infer<typeof bvnFormSchema>;

export const documentFormSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: msg('Choose a document type') }),
  documentNumber: z
    .string({ error: msg('Document number is required') })
    .trim()
    .min(1, msg('Document number is required'))
    .max(50, msg('Document number must be at most 50 characters'))
    .regex(/^[A-Za-z0-9/ -]+$/, msg('Use letters, digits, spaces, / or - only')),
  /** An upload with purpose `identity_document` owned by the caller. */
  uploadId: z
    .string({ error: msg('Upload the document image first') })
    .min(1)
    .max(64),
});
export type DocumentForm = z.infer<typeof documentFormSchema>;

export const rejectDocumentSchema = z.object({
  reason: z
    .string({ error: VERIFICATION_TEXT.reasonRequired })
    .trim()
    .min(1, VERIFICATION_TEXT.reasonRequired)
    .max(500, msg('Reason must be at most 500 characters')),
});
export const documentQueueQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).default('PENDING_REVIEW'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const limitsSchema = z.object({
  dailyWithdrawal: z.number(),
  maxBalance: z.number().nullable(),
});
export const trustReasonSchema = z.object({ label: z.string(), points: z.number().int() });
export type TrustReason = z.infer<typeof trustReasonSchema>;

export const identityDocumentSchema = z.object({
  id: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z.string(),
  uploadId: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  isVerified: z.boolean(),
  reason: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;

export const verificationStatusSchema = z.object({
  user: z.object({
    verificationLevel: z.enum(VERIFICATION_LEVELS),
    trustScore: z.number().int(),
    isVerified: z.boolean(),
    nin: z.string().nullable(),
    bvn: z.string().nullable(),
  }),
  status: z.enum(['UNVERIFIED', 'PARTIALLY_VERIFIED', 'FULLY_VERIFIED']),
  trustReasons: z.array(trustReasonSchema),
  limits: limitsSchema,
  attemptsLeftToday: z.number().int(),
  history: z.array(
    z.object({
      id: z.string(),
      verificationType: z.enum(HISTORY_TYPES),
      status: z.enum(HISTORY_STATUSES),
      outcome: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  documents: z.array(identityDocumentSchema),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const verificationResultSchema = z.object({
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  trustScore: z.number().int(),
  limits: limitsSchema,
  masked: z.string(),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>;

export const documentResultSchema = z.object({
  documentId: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  document: identityDocumentSchema,
});

export const adminDocumentSchema = identityDocumentSchema.extend({
  user: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    verificationLevel: z.enum(VERIFICATION_LEVELS),
  }),
  image: z.object({ uploadId: z.string(), mimeType: z.string(), filename: z.string() }),
  reviewerId: z.string().nullable(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;
export const adminDocumentListSchema = z.object({
  documents: z.array(adminDocumentSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});

/**
 * The documents that carry the holder's name, which staff approve against the profile's names: a name
 * change withdraws their approval. A CAC certificate names the business, not the person, and stays.
 */
export const NAME_BEARING_DOCUMENT_TYPES: readonly DocumentType[] = [
  'DRIVERS_LICENSE',
  'PASSPORT',
  'UTILITY_BILL',
  'BANK_STATEMENT',
];

/**
 * GET /auth/me/name-change-impact (and the details of a 409 NAME_CHANGE_NEEDS_CONFIRMATION): the checks
 * made under the current name that a different first or last name would withdraw, and the level and trust
 * score after (docs/privacy.md "Correct my data").
 */
export const nameChangeImpactSchema = z.object({
  checks: z.array(
    z.object({
      kind: z.enum(HISTORY_TYPES),
      /** How the warning names it: 'your NIN *******8901', 'your approved Passport'. */
      label: z.string(),
    }),
  ),
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  levelAfter: z.enum(VERIFICATION_LEVELS),
  trustScore: z.number().int(),
  trustScoreAfter: z.number().int(),
});
export type NameChangeImpact = z.infer<typeof nameChangeImpactSchema>;

/** `*******8901`: the last four digits only, in every answer, log line and screen. */
export function maskNumber(value: string): string {
  const tail = value.slice(-4);
  return `${'*'.repeat(Math.max(value.length - 4, 0))}${tail}`;
}

// The name comparison lives in domain/names.ts (zod-free, the profile form reads it too).
export { normalizeName } from '../domain/names.ts';
