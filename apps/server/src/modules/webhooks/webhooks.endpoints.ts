import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_PREVIOUS_SECRET_TTL_MS,
  WEBHOOK_TEXT,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type Webhook,
} from '@escrow/shared/schemas/webhooks';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Language } from '../../lib/i18n.ts';
import { strictUrls, type WebhooksDeps } from './webhooks.deps.ts';
import { newSigningSecret, secretBox } from './webhooks.secrets.ts';
import { webhookUrlProblem, type Resolver } from './webhooks.url-safety.ts';
import { toWebhookView } from './webhooks.view.ts';

export const webhookNotFound = () => new AppError('NOT_FOUND', WEBHOOK_TEXT.notFound);

/** The caller's endpoint (locked for a change unless `lock` is false); another user's, or none, is 404. */
export async function ownEndpoint(tx: DbOrTx, ownerId: string, id: string, lock = true) {
  const query = tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw webhookNotFound();
  return row;
}

async function checkUrl(deps: WebhooksDeps, url: string, resolve?: Resolver) {
  const problem = await webhookUrlProblem(url, strictUrls(deps.config), resolve);
  if (problem) throw badRequest(problem, [{ field: 'url', message: problem }]);
}

export async function listEndpoints(
  deps: WebhooksDeps,
  ownerId: string,
  language: Language = 'en',
): Promise<Webhook[]> {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, ownerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const now = deps.clock.now();
  return rows.map((row) => toWebhookView(row, now, language));
}

/**
 * A new endpoint and its signing secret, shown this once. At most WEBHOOK_MAX_ENDPOINTS per user:
 * counted under a per-user advisory lock, so two creations at once cannot both take the last place.
 */
export async function createEndpoint(
  deps: WebhooksDeps,
  ownerId: string,
  body: CreateWebhookBody,
): Promise<{ webhook: Webhook; secret: string }> {
  await checkUrl(deps, body.url);
  const secret = newSigningSecret();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${ownerId}`}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.ownerId, ownerId));
    if (n >= WEBHOOK_MAX_ENDPOINTS) throw new AppError('LIMIT_EXCEEDED', WEBHOOK_TEXT.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        ownerId,
        url: body.url,
        events: [...new Set(body.events)],
        secretSealed: secretBox(deps.config.identityKey).seal(secret),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return { webhook: toWebhookView(row, now), secret };
}

/**
 * Changes the URL, the events, or whether it is enabled. Enabling clears the automatic disabling;
 * disabling (by hand or automatically) ends its pending deliveries as FAILED: a disabled endpoint is
 * sent nothing, and its owner may retry those deliveries once it is enabled again.
 */
export async function updateEndpoint(
  deps: WebhooksDeps,
  ownerId: string,
  id: string,
  body: UpdateWebhookBody,
  language: Language = 'en',
): Promise<Webhook> {
  if (body.url !== undefined) await checkUrl(deps, body.url);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, ownerId, id);
    const enabling = body.enabled === true && !current.enabled;
    const disabling = body.enabled === false && current.enabled;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
        ...(enabling ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledAt: now, disabledReason: null } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (disabling) await failPendingDeliveries(tx, id, now);
    return updated!;
  });
  return toWebhookView(row, now, language);
}

/**
 * The pending deliveries of an endpoint that was just disabled end as FAILED (the endpoint row is
 * locked first). An attempt in flight loses its lease: its result is logged but moves nothing.
 */
export async function failPendingDeliveries(tx: Tx, endpointId: string, now: Date) {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'FAILED', nextAttemptAt: null, lockedUntil: null, lockToken: null, updatedAt: now })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'PENDING')));
}

export async function deleteEndpoint(deps: WebhooksDeps, ownerId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw webhookNotFound();
}

/**
 * A new signing secret, shown this once. The one it replaces keeps signing alongside it (a second
 * signature on every attempt) for 24 hours, so receivers can switch without losing an event; a second
 * rotation within those 24 hours drops the oldest.
 */
export async function rotateSecret(
  deps: WebhooksDeps,
  ownerId: string,
  id: string,
): Promise<{ webhook: Webhook; secret: string }> {
  const secret = newSigningSecret();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, ownerId, id);
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: secretBox(deps.config.identityKey).seal(secret),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_TTL_MS),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    return updated!;
  });
  return { webhook: toWebhookView(row, now), secret };
}
