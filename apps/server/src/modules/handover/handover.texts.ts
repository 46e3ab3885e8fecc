import { NIGERIA_TIME_ZONE } from '@escrow/shared/domain/nigeria';
import { HANDOVER_TEXT } from '@escrow/shared/schemas/handover';
import { AppError } from '../../lib/errors.ts';

const MINUTE = 60_000;
const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: NIGERIA_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * '14:05' in Lagos time, rounded up to the minute so the text never names a minute in which entry is
 * still locked. A lock lasts an hour, so the time of day is enough.
 */
export const lagosTimeOfDay = (at: Date) =>
  lagosClock.format(new Date(Math.ceil(at.getTime() / MINUTE) * MINUTE));

/** The item as notifications name it: quoted, cut at 60 characters. */
export const quotedItem = (description: string) =>
  description.length > 60 ? `"${description.slice(0, 57)}..."` : `"${description}"`;

/** 429 with Retry-After: entry is locked until `until` (`justLocked`: this wrong code locked it). */
export function lockedError(until: Date, now: Date, justLocked = false): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const time = lagosTimeOfDay(until);
  return new AppError(
    'HANDOVER_LOCKED',
    justLocked ? HANDOVER_TEXT.wrongCodeLockedMessage : HANDOVER_TEXT.lockedUntilMessage,
    { lockedUntil: until.toISOString(), triesLeft: 0 },
    { 'retry-after': String(seconds) },
    { until: time },
  );
}

export const wrongCodeError = (triesLeft: number) =>
  new AppError('HANDOVER_CODE_INVALID', HANDOVER_TEXT.wrongCodeMessage, { triesLeft }, undefined, {
    left: triesLeft,
  });

export const notWaitingError = () => new AppError('CONFLICT', HANDOVER_TEXT.notWaiting);
export const alreadyUsedError = () => new AppError('CONFLICT', HANDOVER_TEXT.alreadyUsed);
