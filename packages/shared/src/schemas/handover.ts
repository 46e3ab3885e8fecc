import { z } from 'zod';
import { HANDOVER_TEXT } from '../texts/handover.ts';

/**
 * In-person handover (docs/handover.md): the rules' numbers live in domain/handover.ts and the
 * texts in texts/handover.ts (zod-free, what screens import); re-exported here for the forms and server.
 */
export {
  HANDOVER_CODE_LENGTH,
  HANDOVER_LOCK_MS,
  HANDOVER_MAX_WRONG_CODES,
  HANDOVER_REMINDER_DAYS,
  type HandoverReminderDays,
} from '../domain/handover.ts';
export { HANDOVER_TEXT };

/** The seller's entry: exactly six digits, as a string (leading zeros matter). */
export const handoverCodeBodySchema = z.object({
  code: z.string({ error: HANDOVER_TEXT.codeFormat }).regex(/^[0-9]{6}$/, HANDOVER_TEXT.codeFormat),
});
export type HandoverCodeBody = z.input<typeof handoverCodeBodySchema>;

/** What the buyer reads (and gets after a regeneration): the code, and whether entry is locked. */
export const handoverCodeAnswerSchema = z.object({
  code: z.string().regex(/^[0-9]{6}$/),
  /** ISO time until which the seller cannot enter a code (too many wrong ones), or null. */
  lockedUntil: z.string().nullable(),
});
export type HandoverCodeAnswer = z.infer<typeof handoverCodeAnswerSchema>;
