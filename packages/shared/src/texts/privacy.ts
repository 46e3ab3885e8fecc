import { formatMoney } from '../domain/money.ts';
import { msg } from '../i18n/msg.ts';

/**
 * Privacy texts (docs/privacy.md), without zod: the app's auth and screens import them from
 * here (schemas/privacy.ts re-exports them for forms and the server).
 */

/** What a closed account is called wherever its former owner appeared (trades, chat, disputes, reviews). */
export const CLOSED_ACCOUNT_NAME = msg('Closed account');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const PRIVACY_TEXT = {
  closed: msg('Your account has been closed. We are sorry to see you go.'),
  cannotClose: msg('Your account cannot be closed yet'),
  alreadyClosed: msg('This account is closed'),
  staffCannotClose: msg(
    'Staff accounts cannot be closed here. Ask an administrator to remove your staff role first.',
  ),
  exportRequested: msg("We are preparing your data. We will tell you when it's ready to download."),
  exportNotFound: msg('Export not found'),
  exportOncePerDay: (hours: number) =>
    `You can request one copy of your data a day. Please try again in ${plural(hours, 'hour', 'hours')}.`,
  exportOncePerDayMessage: msg(
    'You can request one copy of your data a day. Please try again in {hours, plural, one {# hour} other {# hours}}.',
  ),
  exportReadyTitle: msg('Your data is ready to download'),
  exportReadyMessage: (days: number) =>
    `The copy of your data you asked for is ready. Download it from Profile → Privacy within ${plural(days, 'day', 'days')}; after that it is deleted.`,
  exportReadyMessageMessage: msg(
    'The copy of your data you asked for is ready. Download it from Profile → Privacy within {days, plural, one {# day} other {# days}}; after that it is deleted.',
  ),
  exportFailedTitle: msg('We could not prepare your data'),
  exportFailedMessage: msg(
    'Preparing the copy of your data failed. Please request it again from Profile → Privacy.',
  ),
} as const;

/** Each thing that keeps an account from closing, with the text that tells the user what to do. */
export const CLOSURE_BLOCKER_CODES = [
  'WALLET_BALANCE',
  'ESCROW_HELD',
  'OPEN_TRANSACTIONS',
  'OPEN_DISPUTES',
  'PENDING_WITHDRAWALS',
  'PENDING_REFUNDS',
] as const;
export type ClosureBlockerCode = (typeof CLOSURE_BLOCKER_CODES)[number];

export const closureBlockerText = {
  walletBalance: (major: number, currency: string) =>
    `Withdraw your balance of ${formatMoney(major, currency)} before closing your account`,
  /** {major}: the amount, formatMoney(major, currency) (so for each sibling message below). */
  walletBalanceMessage: msg('Withdraw your balance of {major} before closing your account'),
  escrowHeld: (major: number, currency: string) =>
    `${formatMoney(major, currency)} of your trades is still held in escrow; it must be released or refunded before you close your account`,
  escrowHeldMessage: msg(
    '{major} of your trades is still held in escrow; it must be released or refunded before you close your account',
  ),
  openTransactions: (n: number) =>
    `You have ${plural(n, 'open transaction', 'open transactions')}; complete or cancel ${n === 1 ? 'it' : 'them'} before closing your account`,
  openTransactionsMessage: msg(
    'You have {n, plural, one {# open transaction; complete or cancel it} other {# open transactions; complete or cancel them}} before closing your account',
  ),
  openDisputes: (n: number) =>
    `You have ${plural(n, 'open dispute', 'open disputes')}; ${n === 1 ? 'it' : 'they'} must be resolved before you close your account`,
  openDisputesMessage: msg(
    'You have {n, plural, one {# open dispute; it must} other {# open disputes; they must}} be resolved before you close your account',
  ),
  pendingWithdrawals: (major: number, currency: string) =>
    `Your withdrawal of ${formatMoney(major, currency)} is still on its way to your bank; wait until it completes before closing your account`,
  pendingWithdrawalsMessage: msg(
    'Your withdrawal of {major} is still on its way to your bank; wait until it completes before closing your account',
  ),
  pendingRefunds: (major: number, currency: string) =>
    `A refund of ${formatMoney(major, currency)} is still on its way to you; wait until it arrives before closing your account`,
  pendingRefundsMessage: msg(
    'A refund of {major} is still on its way to you; wait until it arrives before closing your account',
  ),
};
