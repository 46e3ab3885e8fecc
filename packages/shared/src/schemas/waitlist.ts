import { z } from 'zod';
import { msg } from '../i18n/msg.ts';

/** The waitlist's texts. */
export const WAITLIST_TEXT = {
  invalidEmail: msg('Please enter a valid email address'),
  firstNameRequired: msg('First name is required'),
  lastNameRequired: msg('Last name is required'),
  nameTooLong: msg('Name must be at most 60 characters'),
  invalidName: msg('Name contains characters that are not allowed'),
  invalidPhone: msg('Please enter a valid phone number, e.g. 0803 123 4567 or +234 803 123 4567'),
  invalidInterest: msg('Please choose what you would use Amana Escrow for'),
} as const;

/** The welcome e-mail names the expected launch. */
export const WAITLIST_LAUNCH = 'Q4 2025';

export const WAITLIST_INTERESTS = ['individual', 'business', 'marketplace'] as const;
export type WaitlistInterest = (typeof WAITLIST_INTERESTS)[number];

export const WAITLIST_INTEREST_LABELS: Record<WaitlistInterest, { title: string; description: string }> = {
  individual: {
    title: msg('Individual'),
    description: msg('I buy or sell now and then and want to be safe.'),
  },
  business: {
    title: msg('Business'),
    description: msg('I run a shop or service and want buyers to trust me.'),
  },
  marketplace: {
    title: msg('Marketplace'),
    description: msg('I run a platform or community and want escrow for my users.'),
  },
};

/**
 * Nigerian mobile numbers as the delivery form accepts them (optional +234, 234 or 0, then 7, 8 or 9,
 * then 0 or 1, then 8 digits), or any international number in E.164 form (+ and 8 to 15 digits).
 * Spaces, dashes, dots and brackets are ignored.
 */
const NIGERIAN_MOBILE = /^(?:\+?234|0)[789][01]\d{8}$/;
const INTERNATIONAL = /^\+[1-9]\d{7,14}$/;

export function normalizePhone(value: string): string {
  return value.replace(/[\s\-.()]/g, '');
}

export function isValidPhone(value: string): boolean {
  const compact = normalizePhone(value);
  return NIGERIAN_MOBILE.test(compact) || INTERNATIONAL.test(compact);
}

// Control characters have no place in a name and would break e-mail headers and CSV rows.
const CONTROL_CHARACTERS = /\p{Cc}/u;
const name = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(60, WAITLIST_TEXT.nameTooLong)
    .refine((v) => !CONTROL_CHARACTERS.test(v), WAITLIST_TEXT.invalidName);

export const waitlistDetailsSchema = z.object({
  email: z.string().trim().max(254, WAITLIST_TEXT.invalidEmail).pipe(z.email(WAITLIST_TEXT.invalidEmail)),
  firstName: name(WAITLIST_TEXT.firstNameRequired),
  lastName: name(WAITLIST_TEXT.lastNameRequired),
  // Optional: an empty string means "not given". The length cap stops hostile input before the regex.
  phone: z
    .string()
    .trim()
    .max(32, WAITLIST_TEXT.invalidPhone)
    .refine((v) => v === '' || isValidPhone(v), WAITLIST_TEXT.invalidPhone)
    .nullish(),
});

export const waitlistInterestSchema = z.enum(WAITLIST_INTERESTS, { error: WAITLIST_TEXT.invalidInterest });

/** The body of POST /api/waitlist; the form and the server validate with this same schema. */
export const waitlistEntrySchema = waitlistDetailsSchema.extend({
  interest: waitlistInterestSchema.default('individual'),
});

export type WaitlistEntryInput = z.input<typeof waitlistEntrySchema>;
export type WaitlistEntry = z.output<typeof waitlistEntrySchema>;

export const waitlistJoinResultSchema = z.object({ alreadyJoined: z.boolean() });
export type WaitlistJoinResult = z.infer<typeof waitlistJoinResultSchema>;

/** One row of the staff list (GET /api/admin/waitlist). */
export const waitlistAdminEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  interest: z.enum(WAITLIST_INTERESTS),
  welcomeEmailSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistAdminEntry = z.infer<typeof waitlistAdminEntrySchema>;

export const waitlistAdminPageSchema = z.object({
  entries: z.array(waitlistAdminEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type WaitlistAdminPage = z.infer<typeof waitlistAdminPageSchema>;

export const WAITLIST_PAGE_SIZE_MAX = 100;

export const waitlistAdminQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(WAITLIST_PAGE_SIZE_MAX).default(20),
});
