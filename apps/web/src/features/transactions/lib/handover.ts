import { HANDOVER_CODE_LENGTH } from '@escrow/shared/domain/handover';
import { msg } from '@escrow/shared/i18n/msg';
import { formatTime } from '../../../lib/format';

/**
 * The handover screens' own texts; the rules' texts (code format, lock, answers) are the shared ones.
 * English ids: the screens show them with t().
 */
export const HANDOVER_SCREEN_TEXT = {
  cardTitle: msg('Your release code'),
  onlyShare: msg('Only share this when you are satisfied'),
  howItWorks: msg(
    'At the meeting, check the item. When you are happy with it, tell the seller this code or let them scan it: the money is released to them as soon as they enter it.',
  ),
  qrLabel: msg('QR code of your release code'),
  replace: msg('Replace code'),
  replaceTitle: msg('Replace the release code?'),
  replaceBody: msg('The current code stops working at once. Only the new code will release the money.'),
  replaceFailed: msg('Failed to replace the release code'),
  loadFailed: msg('Failed to load your release code'),
  entryTitle: msg('Enter Release Code'),
  entryLabel: msg('Release code'),
  entryHint: msg(
    'When the buyer has checked the item, ask them for their 6-digit code. The money is released to you as soon as you enter it.',
  ),
  entryFailed: msg('Failed to check the code'),
} as const;

/** '123456' → ['123', '456']: two groups of three are easier to read out and to copy. */
export function codeGroups(code: string): string[] {
  return code.length === HANDOVER_CODE_LENGTH ? [code.slice(0, 3), code.slice(3)] : [code];
}

/** Only the digits the seller typed or pasted (spaces and dashes dropped), at most six. */
export const codeInput = (text: string) => text.replace(/\D/g, '').slice(0, HANDOVER_CODE_LENGTH);

/** When a lock ends: the server's `lockedUntil` while it is still ahead, else null. */
export function activeLock(lockedUntil: string | null | undefined, now = Date.now()): Date | null {
  if (!lockedUntil) return null;
  const at = new Date(lockedUntil);
  return at.getTime() > now ? at : null;
}

/**
 * '14:05', Lagos time, rounded up to the minute as the server's texts do, so it never names a minute in
 * which entry is still locked (a lock lasts an hour: the time of day is enough).
 */
export const lockEndTime = (until: Date) => formatTime(Math.ceil(until.getTime() / 60_000) * 60_000);
