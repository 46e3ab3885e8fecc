/**
 * Signed webhooks (docs/webhooks.md): endpoints a user registers, an outbox of
 * events written in the same database transaction as the change they report, and their delivery by
 * the scheduler (Standard Webhooks signatures, retries, a log). The module owns the webhook_* tables;
 * other code reaches it only through this file.
 *
 * Wiring a step (the mapping from a step to its events is `webhookEventsFor` in
 * @escrow/shared/domain/webhook-events): inside the step's database transaction,
 *   for (const type of webhookEventsFor(action, previousStatus, nextStatus))
 *     await enqueueWebhookEvent(tx, { type, now, userIds: [creatorId, counterpartyId],
 *       data: (ownerId) => ({ transaction: toTransactionView(record, ownerId) }) });
 */
export { webhooksRoutes } from './webhooks.routes.ts';
export type { WebhooksDeps } from './webhooks.deps.ts';
export { enqueueWebhookEvent, type WebhookEventInput } from './webhooks.outbox.ts';
export { webhookOutboxState, type WebhookOutboxState } from './webhooks.backlog.ts';
export {
  deliverDueWebhooks,
  purgeOldWebhookEvents,
  type DeliverOptions,
  type DeliverSummary,
} from './webhooks.delivery.ts';
export { clearOldWebhookBodies, WEBHOOK_BODY_RETENTION_MS } from './webhooks.retention.ts';
