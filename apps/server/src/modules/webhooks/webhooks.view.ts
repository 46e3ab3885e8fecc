import type { z } from 'zod';
import type {
  Webhook,
  WebhookAttempt,
  WebhookEventType,
  webhookDeliverySchema,
} from '@escrow/shared/schemas/webhooks';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/webhooks.ts';
import { translate, type Language } from '../../lib/i18n.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
type EventType = WebhookEventType | 'ping';

/**
 * An endpoint as its owner sees it: never its secret (shown once, when made or rotated); why it was
 * disabled in the owner's `language`.
 */
export function toWebhookView(row: WebhookEndpointRow, now: Date, language: Language = 'en'): Webhook {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason === null ? null : translate(language, row.disabledReason),
    disabledAt: iso(row.disabledAt),
    previousSecretExpiresAt: overlap ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeliveryView(
  row: WebhookDeliveryRow,
  eventType: string,
): z.infer<typeof webhookDeliverySchema> {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: eventType as EventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'PENDING' ? iso(row.nextAttemptAt) : null,
    lastStatusCode: row.lastStatusCode,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAttemptView(
  attempt: WebhookAttemptRow,
  delivery: Pick<WebhookDeliveryRow, 'eventId' | 'status' | 'nextAttemptAt'>,
  eventType: string,
): WebhookAttempt {
  return {
    id: attempt.id,
    deliveryId: attempt.deliveryId,
    eventId: delivery.eventId,
    eventType: eventType as EventType,
    attempt: attempt.attempt,
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    response: attempt.response,
    error: attempt.error,
    succeeded: attempt.succeeded,
    createdAt: attempt.createdAt.toISOString(),
    deliveryStatus: delivery.status,
    nextAttemptAt: delivery.status === 'PENDING' ? iso(delivery.nextAttemptAt) : null,
  };
}
