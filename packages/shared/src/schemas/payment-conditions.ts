import { z } from 'zod';
import { PAYMENT_CONDITION_TEXT } from '../texts/payment-conditions.ts';
import { msg } from '../i18n/msg.ts';

/** Payment conditions (docs/product.md "Releasing the money"): types, the time-based release, texts. */
export const PAYMENT_CONDITION_TYPES = [
  'TIME_BASED',
  'DELIVERY_CONFIRMED',
  'MANUAL_APPROVAL',
  'DISPUTE_RESOLVED',
] as const;
export type PaymentConditionType = (typeof PAYMENT_CONDITION_TYPES)[number];

// Texts: texts/payment-conditions.ts (zod-free, what screens import); re-exported for forms and server.
export { PAYMENT_CONDITION_TEXT };

const transactionId = z.uuid(msg('Transaction Not Found'));

/** Either party may add the delivery condition; it is met when the buyer confirms delivery. */
export const createPaymentConditionSchema = z.object({
  transactionId,
  conditionType: z.literal('DELIVERY_CONFIRMED', {
    error: msg('Only a delivery confirmation condition can be added here'),
  }),
  conditionValue: z.string().trim().max(500, msg('Condition text must be at most 500 characters')).optional(),
});

/**
 * The buyer confirms delivery on a DELIVERY_CONFIRMED condition. `isMet` and `metAt` are accepted for the
 * callers that send them, but the server sets them itself (a client cannot un-meet or back-date a condition).
 */
export const updatePaymentConditionSchema = z.object({
  conditionId: z.uuid(msg('Payment condition not found')),
  isMet: z.boolean().optional(),
  metAt: z.string().max(40).optional(),
});

/** A release moment: an ISO date-time with offset (or a date, read as midnight in Lagos). */
export const releaseDateSchema = z
  .string({ error: PAYMENT_CONDITION_TEXT.releaseDateRequired })
  .trim()
  .min(1, PAYMENT_CONDITION_TEXT.releaseDateRequired)
  .max(40, PAYMENT_CONDITION_TEXT.releaseDateRequired)
  .refine((v) => parseReleaseDate(v) !== null, PAYMENT_CONDITION_TEXT.releaseDateRequired);

/** Parses '2026-01-31T14:00:00Z', '...+01:00' or '2026-01-31' (midnight Africa/Lagos, UTC+1). */
export function parseReleaseDate(value: string): Date | null {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+01:00` : value;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const timeBasedReleaseSchema = z.object({
  transactionId,
  releaseDate: releaseDateSchema,
  timezone: z.string().trim().max(64).optional(),
});
export type TimeBasedReleaseInput = z.input<typeof timeBasedReleaseSchema>;

export const manualReleaseSchema = z.object({
  transactionId,
  reason: z.string().trim().max(500, msg('Reason must be at most 500 characters')).optional(),
});

export const paymentConditionSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  conditionType: z.enum(PAYMENT_CONDITION_TYPES),
  /**
   * Text: free text for DELIVERY_CONFIRMED; JSON text for TIME_BASED
   * ({releaseDate, timezone}) and MANUAL_APPROVAL ({approvedBy, reason, approvedAt}).
   */
  conditionValue: z.string().nullable(),
  /** TIME_BASED only: when the release falls due (also inside conditionValue). */
  releaseAt: z.string().nullable(),
  isMet: z.boolean(),
  metAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentCondition = z.infer<typeof paymentConditionSchema>;

export const paymentConditionListSchema = z.object({
  conditions: z.array(paymentConditionSchema),
  /** True while a time-based release is scheduled and not yet carried out. */
  autoReleaseEnabled: z.boolean(),
});
export type PaymentConditionList = z.infer<typeof paymentConditionListSchema>;
