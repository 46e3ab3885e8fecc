import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WEBHOOK_TEXT,
  type WebhookAttempt,
  type webhookDeliverySchema,
} from '@escrow/shared/schemas/webhooks';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/webhooks.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import { ownEndpoint } from './webhooks.endpoints.ts';
import { enqueuePing } from './webhooks.outbox.ts';
import { toAttemptView, toDeliveryView } from './webhooks.view.ts';

type DeliveryView = z.infer<typeof webhookDeliverySchema>;

const deliveryNotFound = () => new AppError('NOT_FOUND', WEBHOOK_TEXT.deliveryNotFound);

/** The endpoint's attempts, newest first (the endpoint must be the caller's: else 404). */
export async function listAttempts(
  deps: WebhooksDeps,
  ownerId: string,
  endpointId: string,
  { page, limit }: { page: number; limit: number },
): Promise<{ attempts: WebhookAttempt[]; page: number; hasMore: boolean }> {
  await ownEndpoint(deps.db, ownerId, endpointId, false);
  const rows = await deps.db
    .select({ attempt: webhookAttempts, delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return {
    attempts: rows.slice(0, limit).map((r) => toAttemptView(r.attempt, r.delivery, r.type)),
    page,
    hasMore: rows.length > limit,
  };
}

/** Queues a `ping` to this endpoint only; the scheduler sends it like any event. */
export async function sendPing(
  deps: WebhooksDeps,
  ownerId: string,
  endpointId: string,
): Promise<DeliveryView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, ownerId, endpointId);
    if (!endpoint.enabled) throw conflict(WEBHOOK_TEXT.disabled);
    const { deliveryId } = await enqueuePing(tx, endpoint, now);
    const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    return toDeliveryView(row!, 'ping');
  });
}

/**
 * Sends a delivery again (same event, same `webhook-id`): it is due at once. A failure then continues
 * its retry schedule from its attempt count, so a delivery that used all its retries gets this one
 * attempt. A delivery being sent right now keeps its lease and is not sent twice at once. An event
 * whose content was cleared after 30 days (webhooks.retention.ts) cannot be sent again: 409.
 */
export async function retryDelivery(
  deps: WebhooksDeps,
  ownerId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        delivery: webhookDeliveries,
        enabled: webhookEndpoints.enabled,
        type: webhookEvents.type,
        // Cleared after 30 days (webhooks.retention.ts): nothing is left to send.
        cleared: sql<boolean>`${webhookEvents.body} = ''`,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.ownerId, ownerId)))
      .for('update', { of: webhookDeliveries });
    if (!found) throw deliveryNotFound();
    if (!found.enabled) throw conflict(WEBHOOK_TEXT.disabled);
    if (found.cleared) throw conflict(WEBHOOK_TEXT.contentExpired);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'PENDING', nextAttemptAt: now, updatedAt: now })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    return toDeliveryView(row!, found.type);
  });
}
