/**
 * In-person handover (docs/handover.md): the buyer's release code, the seller's entry that
 * releases the escrow, and the reminders. The module owns the handover tables; other code reaches it
 * only through this file.
 */
export { handoverRoutes } from './handover.routes.ts';
export { enterReleaseCode } from './handover.service.ts';
export type { HandoverDeps } from './handover.service.ts';
export { sendHandoverReminders } from './handover.reminders.ts';
