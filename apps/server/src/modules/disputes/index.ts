/**
 * Disputes (docs/disputes.md): raising, messages, evidence, proposals, staff decisions, settlement
 * through the ledger, and their timers. Other code reaches the module only through this file.
 */
export { disputesRoutes } from './disputes.routes.ts';
export type { DisputesDeps } from './disputes.deps.ts';
export { closeResolvedDisputes, expireDueProposals, runDisputeTimers } from './disputes.jobs.ts';
export { evidenceAttached } from './disputes.repository.ts';
export { forgetClosedPartyInDisputes, openDisputeCountOf } from './disputes.closed-party.ts';
export { disputesForExport } from './disputes.export.ts';
export { disputeCountsOf } from './disputes.staff-counts.ts';
export { isTransactionDisputed } from './disputes.transaction-disputed.ts';
