import {
  AUTO_RELEASE_REMINDER_HOURS,
  DISPUTE_CLOSE_AFTER_DAYS,
  DISPUTE_SLA_HOURS,
  EVIDENCE_MAX_FILES,
  MAX_DELIVERY_DAYS_IN_WINDOW,
  MAX_INSPECTION_EXTENSION_DAYS,
  MIN_HOURS_AFTER_SHIPMENT_FOR_TIME_RELEASE,
  PROPOSAL_TTL_HOURS,
} from '@escrow/shared/domain/disputes';
import { TRANSACTION_FEE_PERCENT } from '@escrow/shared/domain/fees';
import { WALLET_LIMITS, WITHDRAWAL_FEE_MINOR } from '@escrow/shared/domain/limits';
import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import { UPLOAD_RULES } from '@escrow/shared/schemas/uploads';

const naira = (minor: number) => formatMoney(toMajor(minor), 'NGN', 0);
const megabytes = (bytes: number) => `${bytes / (1024 * 1024)}MB`;

/** A level's balance cap as the answers' ICU selects read it: the amount, or `none` (no cap). */
const cap = (level: keyof typeof WALLET_LIMITS) => {
  const { maxBalanceMinor } = WALLET_LIMITS[level];
  return maxBalanceMinor === null ? 'none' : naira(maxBalanceMinor);
};
const daily = (level: keyof typeof WALLET_LIMITS) => naira(WALLET_LIMITS[level].dailyWithdrawalMinor);

const [FIRST_REMINDER_HOURS, LAST_REMINDER_HOURS] = AUTO_RELEASE_REMINDER_HOURS;

/**
 * Every figure the knowledge base quotes, read from the constants the code enforces (and the running
 * configuration), so an answer never drifts from what the product does. Only fees the code charges.
 * They are the parameters of the answers' ICU messages (already formatted, the same in every language):
 * a balance cap is the amount or `none`, which the messages' selects turn into "no balance cap".
 */
export function knowledgeFacts(
  config: { INSPECTION_DAYS: number; SUPPORT_EMAIL: string },
  invitationDays: number,
) {
  return {
    feePercent: `${TRANSACTION_FEE_PERCENT}%`,
    withdrawalFee: naira(WITHDRAWAL_FEE_MINOR),
    basicDaily: daily('BASIC'),
    enhancedDaily: daily('ENHANCED'),
    premiumDaily: daily('PREMIUM'),
    basicCap: cap('BASIC'),
    enhancedCap: cap('ENHANCED'),
    premiumCap: cap('PREMIUM'),
    inspectionDays: config.INSPECTION_DAYS,
    maxDeliveryDays: MAX_DELIVERY_DAYS_IN_WINDOW,
    maxExtensionDays: MAX_INSPECTION_EXTENSION_DAYS,
    firstReminderHours: FIRST_REMINDER_HOURS,
    lastReminderHours: LAST_REMINDER_HOURS,
    minHoursBeforeTimeRelease: MIN_HOURS_AFTER_SHIPMENT_FOR_TIME_RELEASE,
    invitationDays,
    proposalHours: PROPOSAL_TTL_HOURS,
    supportHours: DISPUTE_SLA_HOURS,
    disputeCloseDays: DISPUTE_CLOSE_AFTER_DAYS,
    evidenceFiles: EVIDENCE_MAX_FILES,
    evidenceSize: megabytes(UPLOAD_RULES.dispute_evidence.maxBytes),
    chatFileSize: megabytes(UPLOAD_RULES.chat_attachment.maxBytes),
    documentSize: megabytes(UPLOAD_RULES.identity_document.maxBytes),
    photoSize: megabytes(UPLOAD_RULES.profile_picture.maxBytes),
    supportEmail: config.SUPPORT_EMAIL,
  };
}
export type KnowledgeFacts = ReturnType<typeof knowledgeFacts>;
