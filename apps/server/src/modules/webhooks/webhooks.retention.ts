import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../../db/schema/webhooks.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';

/** How long the body of an event, and the answers its endpoints gave, are kept (docs/privacy.md). */
export const WEBHOOK_BODY_RETENTION_MS = 30 * 24 * 3600_000;

/**
 * Housekeeping, before `purgeOldWebhookEvents`: the content of events older than 30 days is cleared even
 * where the event row is still kept (a delivery still being retried, or a backlog the purge has not
 * reached yet): the event's body (the JSON sent, which holds the transaction as its owner saw it, with
 * the other party's name) becomes '', and so does the response body logged for each attempt of it
 * (the first 1 KB of the endpoint's answer). What is left is the delivery log's outline: type, times,
 * status codes, errors. With nothing left to send, the event's deliveries still PENDING end FAILED
 * (the scheduler would otherwise sign and send an empty body) and a manual retry is refused
 * (webhooks.log.ts). An event whose delivery is being sent right now (a live lease) waits for the next
 * pass, so an attempt in flight never reads an emptied body.
 *
 * Batches of events claimed with SKIP LOCKED through `webhook_events_created_idx`, each in its own short
 * transaction; deliveries and attempts are reached by their event's and delivery's indexes. Returns
 * how many events were cleared.
 */
export async function clearOldWebhookBodies(
  deps: Pick<WebhooksDeps, 'db' | 'clock'>,
  { batchSize = 500, maxBatches = 10 }: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  let cleared = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const now = deps.clock.now();
    const cutoff = new Date(now.getTime() - WEBHOOK_BODY_RETENTION_MS);
    const { found, done } = await deps.db.transaction(async (tx) => {
      const events = await tx
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(and(lt(webhookEvents.createdAt, cutoff), ne(webhookEvents.body, '')))
        .orderBy(asc(webhookEvents.createdAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (events.length === 0) return { found: 0, done: 0 };
      const ids = events.map((e) => e.id);
      // Every pending delivery of them locked first (a claim committing right now is waited for, and
      // its lease read after it), then a live lease means an attempt in flight, which has read, or is
      // about to read, the body.
      const pending = await tx
        .select({ eventId: webhookDeliveries.eventId, lockedUntil: webhookDeliveries.lockedUntil })
        .from(webhookDeliveries)
        .where(and(inArray(webhookDeliveries.eventId, ids), eq(webhookDeliveries.status, 'PENDING')))
        .for('update');
      const busy = new Set(pending.filter((d) => d.lockedUntil && d.lockedUntil > now).map((d) => d.eventId));
      const clear = ids.filter((id) => !busy.has(id));
      if (clear.length === 0) return { found: events.length, done: 0 };
      await tx
        .update(webhookDeliveries)
        .set({ status: 'FAILED', nextAttemptAt: null, lockedUntil: null, lockToken: null, updatedAt: now })
        .where(and(inArray(webhookDeliveries.eventId, clear), eq(webhookDeliveries.status, 'PENDING')));
      await tx
        .update(webhookAttempts)
        .set({ response: '', updatedAt: now })
        .where(
          and(
            inArray(
              webhookAttempts.deliveryId,
              tx
                .select({ id: webhookDeliveries.id })
                .from(webhookDeliveries)
                .where(inArray(webhookDeliveries.eventId, clear)),
            ),
            ne(webhookAttempts.response, ''),
          ),
        );
      await tx
        .update(webhookEvents)
        .set({ body: '', updatedAt: now })
        .where(inArray(webhookEvents.id, clear));
      return { found: events.length, done: clear.length };
    });
    cleared += done;
    if (found < batchSize || done === 0) break;
  }
  return cleared;
}
