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

/**
 * Every figure the knowledge base quotes, read from the constants the code enforces (and the running
 * configuration), so an answer never drifts from what the product does. Only fees the code charges.
 */
export function knowledgeFacts(
  config: { INSPECTION_DAYS: number; SUPPORT_EMAIL: string },
  invitationDays: number,
) {
  const limit = (level: keyof typeof WALLET_LIMITS) => {
    const { dailyWithdrawalMinor, maxBalanceMinor } = WALLET_LIMITS[level];
    return {
      daily: naira(dailyWithdrawalMinor),
      cap: maxBalanceMinor === null ? 'no balance cap' : `a balance of up to ${naira(maxBalanceMinor)}`,
    };
  };
  return {
    feePercent: `${TRANSACTION_FEE_PERCENT}%`,
    withdrawalFee: naira(WITHDRAWAL_FEE_MINOR),
    limits: { BASIC: limit('BASIC'), ENHANCED: limit('ENHANCED'), PREMIUM: limit('PREMIUM') },
    inspectionDays: config.INSPECTION_DAYS,
    maxDeliveryDays: MAX_DELIVERY_DAYS_IN_WINDOW,
    maxExtensionDays: MAX_INSPECTION_EXTENSION_DAYS,
    reminderHours: AUTO_RELEASE_REMINDER_HOURS.join(' and '),
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
