/**
 * In-person handover (docs/handover.md): the buyer of an IN_PERSON trade holds a 6-digit
 * release code and tells it to the seller at the meeting once satisfied; the seller enters it and the
 * escrow is released. The rules' numbers live here once, the texts both apps show in texts/handover.ts
 * (both zod-free, so a screen that shows them does not download zod with schemas/handover.ts).
 */
export const HANDOVER_CODE_LENGTH = 6;
/** Wrong codes within HANDOVER_LOCK_MS that lock entry for HANDOVER_LOCK_MS. */
export const HANDOVER_MAX_WRONG_CODES = 5;
export const HANDOVER_LOCK_MS = 3600_000;
/** Reminders to both parties this many days after payment while the handover has not happened. */
export const HANDOVER_REMINDER_DAYS = [3, 7] as const;
export type HandoverReminderDays = (typeof HANDOVER_REMINDER_DAYS)[number];
