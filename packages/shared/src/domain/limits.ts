import type { VerificationLevel } from '../schemas/auth.ts';
import { formatNumber } from './en-ng-format.ts';
import { msg } from '../i18n/msg.ts';

/**
 * Wallet limits by verification level (docs/product.md "Limits by verification level"). They apply to
 * deposits and withdrawals only, never to escrow holds, releases or refunds. Amounts in minor units (kobo).
 */
export type WalletLimits = {
  /** Sum of withdrawal amounts (fee excluded) allowed per Lagos calendar day. */
  dailyWithdrawalMinor: number;
  /** Highest wallet balance a deposit may lead to; null means no cap. */
  maxBalanceMinor: number | null;
};

export const WALLET_LIMITS: Record<VerificationLevel, WalletLimits> = {
  BASIC: { dailyWithdrawalMinor: 50_000_00, maxBalanceMinor: 300_000_00 },
  ENHANCED: { dailyWithdrawalMinor: 200_000_00, maxBalanceMinor: 500_000_00 },
  PREMIUM: { dailyWithdrawalMinor: 5_000_000_00, maxBalanceMinor: null },
};

/** ₦50 per withdrawal, charged on top of the amount withdrawn. */
export const WITHDRAWAL_FEE_MINOR = 50_00;

/** The wallet currency: withdrawals go to Nigerian banks in naira. */
export const WALLET_CURRENCY = 'NGN';

export function walletLimitsFor(level: VerificationLevel): WalletLimits {
  return WALLET_LIMITS[level];
}

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;

/**
 * 00:00 in Lagos on the day `now` falls on, as an instant. West Africa Time is UTC+1 all year
 * (no daylight saving), so the Lagos calendar date at midnight is exactly 23:00 UTC the day before.
 * Plain arithmetic: a time-zone formatter here cost 2-3% of every wallet read.
 */
export function lagosDayStart(now: Date): Date {
  const lagosMs = now.getTime() + LAGOS_OFFSET_MS;
  return new Date(lagosMs - (((lagosMs % DAY_MS) + DAY_MS) % DAY_MS) - LAGOS_OFFSET_MS);
}

/** What verifying next does, in plain words (never the raw level code). */
const NEXT_STEP: Record<VerificationLevel, string> = {
  BASIC: 'until you verify your identity',
  ENHANCED: 'until you verify your BVN',
  PREMIUM: '',
};

/** Whole naira, as the steering texts quote the cap: '₦300,000'. */
function wholeNaira(minor: number): string {
  return `₦${formatNumber(Math.floor(minor / 100))}`;
}

export const LIMIT_TEXT = {
  /** 422 LIMIT_EXCEEDED on a deposit that would take the balance above the level's cap. */
  depositAboveCap: (capMinor: number, level: VerificationLevel) =>
    `This deposit would take your wallet above ${wholeNaira(capMinor)}, the most it can hold ${NEXT_STEP[level]}. ` +
    'To pay for a transaction, pay by bank transfer or card instead, or verify to raise the limit.',
  /** {capMinor}: the cap in whole naira ('₦300,000', as wholeNaira writes it); {level}: the level code. */
  depositAboveCapMessage: msg(
    'This deposit would take your wallet above {capMinor}, the most it can hold {level, select, BASIC {until you verify your identity} ENHANCED {until you verify your BVN} other {}}. To pay for a transaction, pay by bank transfer or card instead, or verify to raise the limit.',
  ),
  /** The payment dialog, when the total is above what the buyer's wallet may hold. */
  walletCannotHold: (capMinor: number, level: VerificationLevel) =>
    `Your wallet can hold up to ${wholeNaira(capMinor)} ${NEXT_STEP[level]}. ` +
    'Pay by bank transfer or card instead, or verify to raise the limit.',
  /** {capMinor}: the cap in whole naira ('₦300,000', as wholeNaira writes it); {level}: the level code. */
  walletCannotHoldMessage: msg(
    'Your wallet can hold up to {capMinor} {level, select, BASIC {until you verify your identity} ENHANCED {until you verify your BVN} other {}}. Pay by bank transfer or card instead, or verify to raise the limit.',
  ),
  /** The wallet's limits card: the cap limits deposits, not money earned from sales or refunds. */
  depositCapLabel: msg('Deposits can bring your balance up to'),
};
