import { and, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { WEBHOOK_PING_EVENT, type WebhookEventType } from '@escrow/shared/schemas/webhooks';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/webhooks.ts';

export type WebhookEventInput = {
  type: WebhookEventType;
  /** Whose event it is: each owner with an enabled endpoint subscribed to `type` gets one event. */
  userIds: readonly (string | null | undefined)[];
  /** The event's `data` as this owner may see it (a transaction as this party sees it). */
  data: (ownerId: string) => Record<string, unknown>;
  /** The change's time: the body's `timestamp`, and when the first attempt is due. */
  now: Date;
};

/** The body every attempt of an event sends, byte for byte (`{type, timestamp, data}`). */
export function eventBody(type: string, now: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data });
}

/**
 * Writes an event to the outbox in the caller's database transaction (pass its `tx`): one event per
 * owner with an enabled endpoint subscribed to `type`, and one delivery per such endpoint, due at once.
 * A change that rolls back takes its events with it; one that commits has them, and the scheduler
 * delivers them. When none of the users has an endpoint for this type it costs one indexed query.
 * Returns the ids of the events written (the `webhook-id` each delivery will carry).
 */
export async function enqueueWebhookEvent(tx: DbOrTx, input: WebhookEventInput): Promise<string[]> {
  const owners = [...new Set(input.userIds.filter((id): id is string => Boolean(id)))];
  if (owners.length === 0) return [];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, ownerId: webhookEndpoints.ownerId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.ownerId, owners),
        eq(webhookEndpoints.enabled, true),
        sql`${input.type} = any(${webhookEndpoints.events})`,
      ),
    );
  if (endpoints.length === 0) return [];
  const events = [...new Set(endpoints.map((e) => e.ownerId))].map((ownerId) => ({
    id: uuidv7(),
    ownerId,
    type: input.type,
    body: eventBody(input.type, input.now, input.data(ownerId)),
    createdAt: input.now,
    updatedAt: input.now,
  }));
  await tx.insert(webhookEvents).values(events);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      eventId: events.find((e) => e.ownerId === endpoint.ownerId)!.id,
      endpointId: endpoint.id,
      nextAttemptAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })),
  );
  return events.map((e) => e.id);
}

/** A `ping` to one endpoint only (its test button): the event and its one delivery. */
export async function enqueuePing(
  tx: DbOrTx,
  endpoint: { id: string; ownerId: string },
  now: Date,
): Promise<{ eventId: string; deliveryId: string }> {
  const eventId = uuidv7();
  const deliveryId = uuidv7();
  await tx.insert(webhookEvents).values({
    id: eventId,
    ownerId: endpoint.ownerId,
    type: WEBHOOK_PING_EVENT,
    body: eventBody(WEBHOOK_PING_EVENT, now, { webhook: { id: endpoint.id } }),
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(webhookDeliveries).values({
    id: deliveryId,
    eventId,
    endpointId: endpoint.id,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { eventId, deliveryId };
}
