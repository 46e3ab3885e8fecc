/**
 * In-person handover texts (docs/handover.md), without zod: screens import them from here,
 * so a page that only shows them does not download zod with the handover schemas (schemas/handover.ts
 * re-exports them for the forms and the server).
 */
import { HANDOVER_MAX_WRONG_CODES } from '../domain/handover.ts';
import { msg } from '../i18n/msg.ts';

const triesText = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left`;

export const HANDOVER_TEXT = {
  codeFormat: msg('Enter the 6-digit release code'),
  /** `until` is a time of day in Lagos, formatted by the caller ('14:05'). */
  locked: (until: string) => `Too many wrong codes. Code entry is locked until ${until} WAT.`,
  /**
   * `locked` as an ICU message ({until}: a time of day in Lagos, '14:05'). Not `lockedMessage`: that
   * name is the lock notification's text below.
   */
  lockedUntilMessage: msg('Too many wrong codes. Code entry is locked until {until} WAT.'),
  wrongCode: (left: number) => `That release code is not correct. ${triesText(left)}.`,
  wrongCodeMessage: msg(
    'That release code is not correct. {left, plural, one {# try left} other {# tries left}}.',
  ),
  wrongCodeLocked: (until: string) =>
    `That release code is not correct. Too many wrong codes: code entry is locked until ${until} WAT.`,
  wrongCodeLockedMessage: msg(
    'That release code is not correct. Too many wrong codes: code entry is locked until {until} WAT.',
  ),
  buyerOnly: msg('Only the buyer can see the release code'),
  buyerOnlyRegenerate: msg('Only the buyer can replace the release code'),
  notWaiting: msg('The release code can only be used while the trade is waiting for the handover'),
  alreadyUsed: msg('This release code has already been used'),
  regenerated: msg('A new release code was made. The old one no longer works.'),
  released: msg('Release code accepted. The payment has been released to your wallet.'),
  activity: msg('Release code entered at the handover: payment released to the seller'),
  lockedTitle: msg('Release code entry locked'),
  lockedMessage: (item: string, until: string) =>
    `${HANDOVER_MAX_WRONG_CODES} wrong release codes were entered for ${item} within an hour, so code entry is locked until ${until} WAT. Only tell the seller your code once you have inspected the item and are satisfied. If something is wrong, raise a dispute.`,
  /** The number is HANDOVER_MAX_WRONG_CODES (english-messages.test.ts checks it). */
  lockedMessageMessage: msg(
    '5 wrong release codes were entered for {item} within an hour, so code entry is locked until {until} WAT. Only tell the seller your code once you have inspected the item and are satisfied. If something is wrong, raise a dispute.',
  ),
  reminderBuyerTitle: msg('Meet the seller to finish your trade'),
  reminderBuyer: (item: string, days: number) =>
    `You paid for ${item} ${days} days ago and the money is held safely in escrow. Meet the seller, inspect the item, and tell them your release code only when you are satisfied. If something is wrong, raise a dispute.`,
  reminderBuyerMessage: msg(
    'You paid for {item} {days} days ago and the money is held safely in escrow. Meet the seller, inspect the item, and tell them your release code only when you are satisfied. If something is wrong, raise a dispute.',
  ),
  reminderSellerTitle: msg('Arrange the handover with the buyer'),
  reminderSeller: (item: string, days: number) =>
    `The buyer paid for ${item} ${days} days ago and the money is held in escrow. Meet the buyer; once they are satisfied with the item they will tell you the release code to enter in the app.`,
  reminderSellerMessage: msg(
    'The buyer paid for {item} {days} days ago and the money is held in escrow. Meet the buyer; once they are satisfied with the item they will tell you the release code to enter in the app.',
  ),
} as const;
