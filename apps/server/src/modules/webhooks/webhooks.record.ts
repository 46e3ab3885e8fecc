import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS } from '@escrow/shared/schemas/webhooks';
import type { Tx } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { translate, type MessageParams } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-compose.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { loadUser } from '../auth/index.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import { failPendingDeliveries } from './webhooks.endpoints.ts';
import type { SendResult } from './webhooks.send.ts';

/** Stored on the endpoint; shown to its owner in their language (webhooks.view.ts). */
export const DISABLED_REASON = msg('Every delivery attempt failed for 3 days');

export type DisabledEndpoint = { id: string; ownerId: string; url: string };

export const succeeded = (result: SendResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * Logs one attempt and decides what follows, in one database transaction: a 2xx ends the delivery
 * SUCCEEDED; anything else schedules the next retry (WEBHOOK_RETRY_DELAYS_MS), or ends it FAILED once
 * they are used up. Only the holder of the delivery's lease (`token`) moves it on: if its lease ran out
 * and another instance took the delivery over, this attempt is still logged but the other decides.
 * Returns the endpoint when this failure disabled it (every attempt failed for 3 days).
 */
export async function recordAttempt(
  tx: Tx,
  job: { deliveryId: string; endpointId: string },
  token: string,
  result: SendResult,
  now: Date,
): Promise<DisabledEndpoint | null> {
  // The endpoint first, then the delivery: the order every change of both takes (no deadlock with a
  // disabling, which fails the endpoint's other deliveries).
  const [endpoint] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, job.endpointId))
    .for('update');
  if (!endpoint) return null; // deleted meanwhile, with its deliveries
  const [current] = await tx
    .select({ attempts: webhookDeliveries.attempts, lockToken: webhookDeliveries.lockToken })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, job.deliveryId))
    .for('update');
  if (!current) return null;
  const attempt = current.attempts + 1;
  const ok = succeeded(result);
  await tx.insert(webhookAttempts).values({
    deliveryId: job.deliveryId,
    endpointId: job.endpointId,
    attempt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    response: result.response,
    error: result.error,
    succeeded: ok,
    createdAt: now,
    updatedAt: now,
  });
  if (current.lockToken !== token) return null;
  const delay = ok ? undefined : WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  await tx
    .update(webhookDeliveries)
    .set({
      status: ok ? 'SUCCEEDED' : delay === undefined ? 'FAILED' : 'PENDING',
      attempts: attempt,
      nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay),
      lockedUntil: null,
      lockToken: null,
      lastStatusCode: result.statusCode,
      lastAttemptAt: now,
      updatedAt: now,
    })
    .where(eq(webhookDeliveries.id, job.deliveryId));
  if (ok) {
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: null, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, job.endpointId), isNotNull(webhookEndpoints.failingSince)));
    return null;
  }
  return noteFailure(tx, job.endpointId, now);
}

/**
 * An endpoint is failing from its first failed attempt after a success. Once every attempt has failed
 * for WEBHOOK_DISABLE_AFTER_MS it is disabled (its pending deliveries end FAILED) and returned, so its
 * owner can be told after commit.
 */
async function noteFailure(tx: Tx, endpointId: string, now: Date): Promise<DisabledEndpoint | null> {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!endpoint?.enabled || !endpoint.failingSince) return null;
  if (now.getTime() - endpoint.failingSince.getTime() < WEBHOOK_DISABLE_AFTER_MS) return null;
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, disabledReason: DISABLED_REASON, updatedAt: now })
    .where(eq(webhookEndpoints.id, endpointId));
  await failPendingDeliveries(tx, endpointId, now);
  return { id: endpoint.id, ownerId: endpoint.ownerId, url: endpoint.url };
}

/** After commit, best effort: the owner learns their endpoint was disabled, and how to resume. */
export async function mailDisabledEndpoint(deps: WebhooksDeps, endpoint: DisabledEndpoint) {
  try {
    const owner = await loadUser(deps.db, endpoint.ownerId);
    const language = owner.language ?? 'en';
    const t = (id: string, params?: MessageParams) => translate(language, id, params);
    await deps.mailer.send(
      composeMail(
        owner.email,
        t(msg('Your webhook endpoint was disabled')),
        [
          t(msg('Hello {firstName},'), { firstName: owner.firstName }),
          t(
            msg(
              'We stopped sending events to {url}: every delivery attempt to it failed for 3 days (no 2xx answer within 10 seconds).',
            ),
            { url: endpoint.url },
          ),
          t(
            msg(
              'Once the endpoint answers again, enable it (PATCH {path} with {body}) and retry the deliveries it missed from its delivery log.',
            ),
            { path: `/api/developer/webhooks/${endpoint.id}`, body: '{"enabled": true}' },
          ),
        ],
        undefined,
        language,
      ),
    );
  } catch (error) {
    deps.log.warn({ err: error, endpointId: endpoint.id }, 'webhook disabled e-mail not sent');
  }
}
