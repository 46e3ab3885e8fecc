/**
 * Texts of the right to correction (docs/privacy.md "Correct my data"), without zod: the profile
 * form and the transaction page import them from here; the server sends the same ones.
 */
import { walletLimitsFor } from '../domain/limits.ts';
import { formatMoney } from '../domain/money.ts';
import type { VerificationLevel } from '../schemas/auth.ts';
import { msg } from '../i18n/msg.ts';

/** A list in words: 'a', 'a and b', 'a, b and c'. */
function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** What a level allows, as the warning says it: 'withdrawals up to ₦50,000.00 a day'. */
const levelWords = (level: VerificationLevel) =>
  `${level} (withdrawals up to ${formatMoney(walletLimitsFor(level).dailyWithdrawalMinor / 100, 'NGN', 2)} a day)`;

/**
 * A first or last name change that withdraws the identity checks made under the old name (NIN and BVN
 * matched against the profile's names, documents staff approved against them).
 */
export const NAME_CHANGE_TEXT = {
  warningTitle: msg('Changing your name withdraws your verification'),
  /** The profile form's warning, before saving, from GET /auth/me/name-change-impact. */
  warning: (input: {
    checks: readonly string[];
    levelBefore: VerificationLevel;
    levelAfter: VerificationLevel;
    trustScoreBefore: number;
    trustScoreAfter: number;
  }) =>
    [
      `${inWords(input.checks)} ${input.checks.length === 1 ? 'was' : 'were'} checked against your current name.`,
      'A different name no longer matches, so saving it withdraws them.',
      input.levelAfter !== input.levelBefore
        ? `Your verification level goes from ${input.levelBefore} to ${levelWords(input.levelAfter)}.`
        : '',
      input.trustScoreAfter !== input.trustScoreBefore
        ? `Your trust score goes from ${input.trustScoreBefore} to ${input.trustScoreAfter}.`
        : '',
      'You can verify again under your new name on the Verification page.',
    ]
      .filter(Boolean)
      .join(' '),
  /**
   * `warning` as one ICU message. {checks}: the checks in words (checksInWordsMessage over the
   * ninLabel/bvnLabel/documentLabel messages); {count}: how many checks; {levelChanged} and
   * {scoreChanged}: 'yes' when that value changes, else 'no'; {levelBefore} and {levelAfter}: the level
   * codes; {dailyWithdrawal}: the new level's daily withdrawal limit, formatMoney(major, 'NGN', 2);
   * {trustScoreBefore} and {trustScoreAfter}: the scores.
   */
  warningMessage: msg(
    '{checks} {count, plural, one {was} other {were}} checked against your current name. A different name no longer matches, so saving it withdraws them.{levelChanged, select, yes { Your verification level goes from {levelBefore} to {levelAfter} (withdrawals up to {dailyWithdrawal} a day).} other {}}{scoreChanged, select, yes { Your trust score goes from {trustScoreBefore} to {trustScoreAfter}.} other {}} You can verify again under your new name on the Verification page.',
  ),
  /** A list of checks in words, as `warning` and `notificationMessage` write it: {items} all but the last, joined by ', '. */
  checksInWordsMessage: msg('{items} and {last}'),
  /** A change of case, accents or spacing only keeps every check. */
  sameNameNote: msg('Only capitals, accents or spacing change: your verification stays.'),
  confirmLabel: msg('I understand that my verification will be withdrawn'),
  confirmRequired: msg('Tick the box to confirm, or keep your current name'),
  /** The server's 409 when the confirmation is missing (details: the impact). */
  needsConfirmation: msg(
    'Changing your name withdraws the identity checks made under your current name. Confirm to save it',
  ),
  saved: msg('Profile updated. Your verification was withdrawn: verify again under your new name.'),
  notificationTitle: msg('Verification withdrawn'),
  notificationMessage: (checks: readonly string[], level: VerificationLevel) =>
    `You changed your name, so ${inWords(checks)} no longer ${checks.length === 1 ? 'matches' : 'match'} it and ${
      checks.length === 1 ? 'was' : 'were'
    } withdrawn. Your verification level is now ${level}. Verify again under your new name.`,
  /** {checks}: the checks in words (as in warningMessage); {count}: how many; {level}: the level code. */
  notificationMessageMessage: msg(
    'You changed your name, so {checks} no longer {count, plural, one {matches} other {match}} it and {count, plural, one {was} other {were}} withdrawn. Your verification level is now {level}. Verify again under your new name.',
  ),
  /** The reason on a document whose approval a name change withdrew. */
  documentReason: msg(
    'Your name changed after this document was approved. Submit it again under your new name',
  ),
  /** The history line of a withdrawn check (outcome NAME_CHANGED). */
  historyOutcome: msg('Withdrawn: name changed'),
  ninLabel: (masked: string) => `your NIN ${masked}`,
  ninLabelMessage: msg('your NIN {masked}'),
  bvnLabel: (masked: string) => `your BVN ${masked}`,
  bvnLabelMessage: msg('your BVN {masked}'),
  documentLabel: (type: string) => `your approved ${type}`,
  /** {type}: the document type's label. */
  documentLabelMessage: msg('your approved {type}'),
} as const;

/** The buyer's delivery address, correctable until the seller ships (docs/privacy.md "Correct my data"). */
export const DELIVERY_CORRECTION_TEXT = {
  cardTitle: msg('Your delivery address'),
  edit: msg('Edit delivery address'),
  dialogTitle: msg('Edit Delivery Details'),
  editableAfterPayment: msg(
    'You can correct this address until the seller confirms shipment. The seller is told of the change at once.',
  ),
  locked: msg(
    'The seller has shipped to this address, so it can no longer be changed: it is part of the record of this trade. If something is wrong, tell the seller in the chat.',
  ),
  correctedActivity: (city: string, state: string) =>
    `Delivery details corrected by buyer (${city}, ${state})`,
  correctedActivityMessage: msg('Delivery details corrected by buyer ({city}, {state})'),
  sellerTitle: msg('Delivery address changed'),
  sellerMessage: (quotedTrade: string) =>
    `The buyer changed the delivery address for ${quotedTrade}. Ship to the new address shown on the Shipping tab.`,
  sellerMessageMessage: msg(
    'The buyer changed the delivery address for {quotedTrade}. Ship to the new address shown on the Shipping tab.',
  ),
} as const;
