/** Payment-release conditions: routes, and the job that carries out due time-based releases. */
export { paymentConditionsRoutes } from './payment-conditions.routes.ts';
export { releaseDueTimeBased } from './payment-conditions.jobs.ts';
export { dueTimeReleaseBacklog } from './payment-conditions.repository.ts';
export { recordDisputeResolvedCondition } from './payment-conditions.dispute-resolved.ts';
