import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/webhooks.ts';
import { outboxState, type OutboxState } from '../../lib/outbox-state.ts';

/**
 * The webhook outbox as the metrics show it. FAILED deliveries are kept while their event is (30 days):
 * attempts ran out or the endpoint was disabled.
 */
export type WebhookOutboxState = OutboxState;

export function webhookOutboxState(db: DbOrTx, now: Date): Promise<WebhookOutboxState> {
  return outboxState(db, webhookDeliveries, now);
}
