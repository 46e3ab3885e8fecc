import { z } from 'zod';
import { ITEM_CATEGORIES, NIGERIAN_STATES, isNigerianPhone } from '../domain/nigeria.ts';
import { RATING_TEXT, VENDOR_TEXT } from '../texts/vendors.ts';
import { msg } from '../i18n/msg.ts';

// Texts: texts/vendors.ts (zod-free, what screens import); re-exported for forms and the server.
export { RATING_TEXT, VENDOR_TEXT };

/** A rating may be edited for 7 days after it is first given, then it is fixed. */
export const RATING_EDIT_WINDOW_MS = 7 * 24 * 3600_000;
export const MAX_SPECIALTIES = 5;
export const TRUST_LEVELS = ['Verified', 'Premium'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const VENDOR_SORTS = ['rating', 'orders'] as const;

/** Verified at ENHANCED, Premium at PREMIUM, nothing at BASIC. */
export function trustLevelOf(level: 'BASIC' | 'ENHANCED' | 'PREMIUM'): TrustLevel | null {
  return level === 'PREMIUM' ? 'Premium' : level === 'ENHANCED' ? 'Verified' : null;
}

/** `tooLong`: VENDOR_TEXT.tooLong(field, max) written out. */
const text = (min: string, max: number, tooLong: string) =>
  z.string({ error: min }).trim().min(1, min).max(max, tooLong);

export const vendorProfileFormSchema = z.object({
  businessName: text(
    VENDOR_TEXT.businessNameRequired,
    100,
    msg('Business name must be at most 100 characters'),
  ),
  description: text(
    VENDOR_TEXT.descriptionRequired,
    1000,
    msg('Description must be at most 1000 characters'),
  ),
  specialties: z
    .array(z.enum(ITEM_CATEGORIES, { error: VENDOR_TEXT.specialtyUnknown }), {
      error: VENDOR_TEXT.specialtiesRequired,
    })
    .min(1, VENDOR_TEXT.specialtiesRequired)
    .max(MAX_SPECIALTIES, VENDOR_TEXT.specialtiesMax)
    .refine((list) => new Set(list).size === list.length, msg('Each specialty can be chosen once')),
  state: z.enum(NIGERIAN_STATES, { error: VENDOR_TEXT.stateRequired }),
  phone: z
    .string({ error: VENDOR_TEXT.phoneInvalid })
    .trim()
    .max(20, VENDOR_TEXT.phoneInvalid)
    .refine(isNigerianPhone, VENDOR_TEXT.phoneInvalid),
  email: z.email({ error: VENDOR_TEXT.emailInvalid }).max(254, VENDOR_TEXT.emailInvalid),
  published: z.boolean({ error: 'Published must be true or false' }),
  /** Required (true) the first time a profile is published; stored with its time. */
  acceptSellerTerms: z.boolean().optional(),
});
export type VendorProfileForm = z.infer<typeof vendorProfileFormSchema>;

/**
 * The profile as the server will judge it for this user: publishing needs the seller terms accepted,
 * now or on an earlier save (the server keeps the time it was first accepted).
 */
export function vendorProfileSchemaFor(termsAlreadyAccepted: boolean) {
  return termsAlreadyAccepted
    ? vendorProfileFormSchema
    : vendorProfileFormSchema.refine((v) => !v.published || v.acceptSellerTerms === true, {
        path: ['acceptSellerTerms'],
        message: VENDOR_TEXT.termsRequired,
      });
}

export const myVendorProfileSchema = vendorProfileFormSchema.omit({ acceptSellerTerms: true }).extend({
  id: z.string(),
  sellerTermsAcceptedAt: z.string().nullable(),
});
export const myVendorAnswerSchema = z.object({ vendor: myVendorProfileSchema.nullable() });

export const vendorCardSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  specialties: z.array(z.string()),
  location: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number(),
  completedOrders: z.number(),
  /** Median minutes to the first reply in chat over the last 90 days; null without conversations. */
  responseTimeMinutes: z.number().nullable(),
  trustLevel: z.enum(TRUST_LEVELS).nullable(),
  memberSince: z.string(),
  avatar: z.string().nullable(),
  saved: z.boolean(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorListQuerySchema = z.object({
  q: z.string().trim().max(100, msg('Search must be at most 100 characters')).optional(),
  state: z.enum(NIGERIAN_STATES, { error: msg('Unknown state') }).optional(),
  specialty: z.enum(ITEM_CATEGORIES, { error: msg('Unknown specialty') }).optional(),
  trustLevel: z.enum(TRUST_LEVELS, { error: 'trustLevel must be Verified or Premium' }).optional(),
  sort: z.enum(VENDOR_SORTS, { error: 'sort must be rating or orders' }).default('rating'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;

export const vendorListSchema = z.object({
  vendors: z.array(vendorCardSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type VendorList = z.infer<typeof vendorListSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  review: z.string().nullable(),
  refunded: z.boolean(),
  buyerName: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const verificationChecklistSchema = z.object({
  businessLicense: z.boolean(),
  backgroundCheck: z.boolean(),
  reviewValidation: z.boolean(),
  escrowAgreementSigned: z.boolean(),
});

export const vendorProfileAnswerSchema = z.object({
  vendor: vendorCardSchema.extend({ phone: z.string(), email: z.string() }),
  reviews: z.array(reviewSchema),
  checklist: verificationChecklistSchema,
});
export type VendorProfileAnswer = z.infer<typeof vendorProfileAnswerSchema>;

export const ratingBodySchema = z.object({
  rating: z
    .number({ error: RATING_TEXT.ratingRange })
    .int(RATING_TEXT.ratingRange)
    .min(1, RATING_TEXT.ratingRange)
    .max(5, RATING_TEXT.ratingRange),
  review: z
    .string()
    .trim()
    .max(500, RATING_TEXT.reviewMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RatingBody = z.input<typeof ratingBodySchema>;

export const ratingReplyBodySchema = z.object({
  reply: z
    .string({ error: RATING_TEXT.replyRequired })
    .trim()
    .min(1, RATING_TEXT.replyRequired)
    .max(500, RATING_TEXT.replyMax),
});

export const transactionRatingSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  rating: z.number(),
  review: z.string().nullable(),
  refunded: z.boolean(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the buyer may still edit it. */
  editableUntil: z.string(),
});
export type TransactionRating = z.infer<typeof transactionRatingSchema>;
export const ratingAnswerSchema = z.object({
  rating: transactionRatingSchema.nullable(),
  /** Whether the caller (the buyer) may rate it now. */
  canRate: z.boolean(),
});
export type RatingAnswer = z.infer<typeof ratingAnswerSchema>;
