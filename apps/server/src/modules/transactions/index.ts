/**
 * The transactions module: the lifecycle routes, and the step engine every status change (and every
 * payment-condition change) goes through. Other modules reach it only through this file.
 */
export { transactionsRoutes } from './transactions.routes.ts';
export type { StepDeps, TransactionsDeps } from './transactions.deps.ts';
export {
  runStep,
  executeStep,
  announceTransaction,
  transactionNotFound,
  type StepContext,
  type StepResult,
  type StepSpec,
} from './transactions.steps.ts';
export { drainDueJobs } from './transactions.job-runner.ts';
export { dueAutoReleases } from './transactions.backlog.ts';
export { expireDueInvitations } from './transactions.invitation-expiry.ts';
export { autoReleaseDue, sendAutoReleaseReminders } from './transactions.inspection.ts';
export {
  payCommission,
  releaseEscrow,
  releaseKey,
  releaseSpec,
  type ActivityText,
} from './transactions.release.ts';
export { noticeFor, otherPartyOf, rateSellerNotice } from './transactions.notifications.ts';
export {
  countTransactions,
  INVITATION_TTL_MS,
  listTransactions,
  memberTransactionRow,
} from './transactions.service.ts';
export { isTransactionMember, milestoneFileDelivered } from './transactions.repository.ts';
export {
  autoAcceptDueMilestones,
  escrowRemainderOf,
  sendMilestoneReminders,
  settleOpenMilestones,
} from './transactions.milestones.ts';
export { toTransactionView } from './transactions.view.ts';
export {
  createPartnerTransaction,
  listPartnerTransactions,
  partnerRecord,
  partnerSellerRow,
  toPartnerView,
} from './transactions.partner.ts';
export { cancelTransaction, confirmShipment } from './transactions.lifecycle.ts';
export { deliverMilestone } from './transactions.milestones.ts';
export { forgetClosedParty, openTransactionCountOf, transactionIdsOf } from './transactions.closed-party.ts';
export { partyTransactionIdsOf, transactionsForExport } from './transactions.export.ts';
export { newestTransactionsOf, transactionExists } from './transactions.staff-lookups.ts';
export type { TransactionRow } from '../../db/schema/transactions.ts';
export { tradeWaitingForHandover } from './transactions.handover-lookups.ts';
export { findTransactionRow } from './transactions.repository.ts';
export { inEscrowTransactionsOf } from './transactions.in-escrow.ts';
