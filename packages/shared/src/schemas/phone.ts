import { z } from 'zod';
import { isNigerianPhone, normalizePhone } from '../domain/nigeria.ts';
import { PHONE_TEXT } from '../texts/phone.ts';

/**
 * Phone verification and text messages (docs/security.md "Phone verification"). A phone is
 * verified by a 6-digit code sent by SMS, for Nigerian numbers only; SMS and WhatsApp notifications go
 * only to a verified phone.
 */
export { PHONE_TEXT } from '../texts/phone.ts';

export const MESSAGE_CHANNELS = ['SMS', 'WHATSAPP'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const SMS_MESSAGE_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_SENDS_PER_HOUR_PER_USER = 3;
export const PHONE_SENDS_PER_HOUR_PER_NUMBER = 10;

/** A Nigerian mobile number in any accepted form ('0803 123 4567', '2348031234567') as +2348031234567. */
export function toE164NigerianPhone(value: string): string {
  const digits = normalizePhone(value).replace(/^\+/, '');
  if (digits.startsWith('234')) return `+${digits}`;
  if (digits.startsWith('0')) return `+234${digits.slice(1)}`;
  return `+234${digits}`;
}

/** Shown to its owner and to staff: the country code and the last four digits ('+234 *** *** 4567'). */
export function maskPhone(e164: string): string {
  return `${e164.slice(0, 4)} *** *** ${e164.slice(-4)}`;
}

/** POST /auth/phone */
export const startPhoneVerificationSchema = z
  .object({
    phone: z
      .string({ error: PHONE_TEXT.phoneRequired })
      .max(20, PHONE_TEXT.phoneInvalid)
      .refine(isNigerianPhone, PHONE_TEXT.phoneInvalid),
  })
  .strict();

/** POST /auth/phone/verify */
export const verifyPhoneSchema = z
  .object({ code: z.string({ error: PHONE_TEXT.codeInvalid }).regex(/^\d{6}$/, PHONE_TEXT.codeInvalid) })
  .strict();

/** GET /auth/phone (and the answer of each phone call): the verified phone masked, and a code in flight. */
export const phoneStatusSchema = z.object({
  phone: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  pending: z.object({ phone: z.string(), expiresAt: z.string() }).nullable(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/**
 * A text message as staff see it (GET /admin/text-messages): never its body, the number masked.
 * `lastError` is the provider's failure as we record it (a status and a reason, no secrets).
 */
export const textMessageSchema = z.object({
  id: z.string(),
  userId: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  toPhone: z.string(),
  status: z.enum(SMS_MESSAGE_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type TextMessage = z.infer<typeof textMessageSchema>;

/** GET /admin/text-messages?status=&page= (newest first). */
export const textMessageListQuerySchema = z.object({
  status: z.enum(SMS_MESSAGE_STATUSES, { error: 'status must be PENDING, SENT or FAILED' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const textMessageListSchema = z.object({
  messages: z.array(textMessageSchema),
  hasMore: z.boolean(),
});
/** POST /admin/text-messages/{id}/retry */
export const textMessageAnswerSchema = z.object({ message: textMessageSchema });
