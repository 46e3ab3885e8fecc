import { randomUUID } from 'node:crypto';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import { WEBHOOK_TIMEOUT_MS } from '@escrow/shared/schemas/webhooks';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/webhooks.ts';
import { strictUrls, type WebhooksDeps } from './webhooks.deps.ts';
import { mailDisabledEndpoint, recordAttempt, succeeded } from './webhooks.record.ts';
import { secretBox } from './webhooks.secrets.ts';
import { postWebhook, type SendResult } from './webhooks.send.ts';
import { webhookHeaders } from './webhooks.signing.ts';
import { markFailed, withProviderSpan } from '../../lib/tracing.ts';
import type { Span } from '@opentelemetry/api';

export type DeliverOptions = {
  /** Deliveries claimed and sent together (in parallel) at a time. */
  batchSize?: number;
  /** Batches per call; the scheduler's pass stops there so other timed jobs are not held up. */
  maxBatches?: number;
  timeoutMs?: number;
};
export type DeliverSummary = { attempted: number; succeeded: number; failed: number };

/** The lease outlives the longest attempt (timeout, lookup, logging) by a wide margin. */
const LEASE_MARGIN_MS = 50_000;

/**
 * Claims due deliveries for this instance: rows picked FOR UPDATE SKIP LOCKED (another instance
 * claiming at the same moment skips them) and leased with a token until `leaseUntil`. The claim
 * commits at once, so the HTTP requests run outside any database transaction; until the lease ends no
 * other instance claims them, which makes each attempt sent once in normal operation. An instance that
 * dies mid-attempt leaves a lease that runs out, and the delivery is sent again (at least once).
 */
async function claimDue(db: Db, now: Date, batch: number, leaseUntil: Date, token: string) {
  const at = now.toISOString();
  const { rows } = (await db.execute(sql`
    update webhook_deliveries
       set locked_until = ${leaseUntil.toISOString()}::timestamptz, lock_token = ${token}
     where id in (
       select d.id from webhook_deliveries d
        where d.status = 'PENDING'
          and d.next_attempt_at <= ${at}::timestamptz
          and (d.locked_until is null or d.locked_until <= ${at}::timestamptz)
          and exists (select 1 from webhook_endpoints e where e.id = d.endpoint_id and e.enabled)
        order by d.next_attempt_at
        limit ${batch}
        for update of d skip locked)
    returning id`)) as { rows: { id: string }[] };
  return rows.map((r) => r.id);
}

function loadJobs(db: Db, ids: string[]) {
  return db
    .select({
      deliveryId: webhookDeliveries.id,
      endpointId: webhookEndpoints.id,
      eventId: webhookEvents.id,
      body: webhookEvents.body,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
      previousSecretSealed: webhookEndpoints.previousSecretSealed,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
}
type Job = Awaited<ReturnType<typeof loadJobs>>[number];

/** The secrets that sign now: the current one, and the previous one during a rotation's 24 hours. */
function signingSecrets(deps: WebhooksDeps, job: Job, now: Date): string[] {
  const box = secretBox(deps.config.identityKey);
  const secrets = [box.open(job.secretSealed)];
  if (job.previousSecretSealed && job.previousSecretExpiresAt && job.previousSecretExpiresAt > now)
    secrets.push(box.open(job.previousSecretSealed));
  return secrets;
}

/**
 * One attempt: signed for this moment, sent, logged, and the next step scheduled. With tracing on it is a
 * span 'webhook deliver' (its statements inside), with the endpoint's status: never its URL or the body.
 */
function attempt(deps: WebhooksDeps, job: Job, token: string, timeoutMs: number): Promise<boolean> {
  return withProviderSpan('webhook', 'deliver', (span) => attemptOnce(deps, job, token, timeoutMs, span));
}

async function attemptOnce(
  deps: WebhooksDeps,
  job: Job,
  token: string,
  timeoutMs: number,
  span: Span | undefined,
): Promise<boolean> {
  const sentAt = deps.clock.now();
  let result: SendResult;
  try {
    const headers = webhookHeaders({
      id: job.eventId,
      now: sentAt,
      body: job.body,
      secrets: signingSecrets(deps, job, sentAt),
    });
    result = await postWebhook(job.url, job.body, headers, { timeoutMs, strict: strictUrls(deps.config) });
  } catch (error) {
    // An unreadable secret (IDENTITY_ENCRYPTION_KEY changed) fails the attempt like a refused one.
    deps.log.error({ err: error, deliveryId: job.deliveryId }, 'webhook attempt not signed');
    result = { statusCode: null, durationMs: 0, response: '', error: 'The signing secret could not be read' };
  }
  if (span) noteOutcome(span, result);
  const disabled = await deps.db.transaction((tx) => recordAttempt(tx, job, token, result, deps.clock.now()));
  if (disabled) await mailDisabledEndpoint(deps, disabled);
  return succeeded(result);
}

/** An attempt's span: the endpoint's HTTP status, and failed unless it answered 2xx. */
function noteOutcome(span: Span, result: SendResult) {
  if (result.statusCode !== null) span.setAttribute('http.response.status_code', result.statusCode);
  if (!succeeded(result)) markFailed(span, { code: String(result.statusCode ?? 'NO_ANSWER') });
}

/**
 * Sends the deliveries that are due, batch by batch (each batch in parallel), and returns what it did.
 * The scheduler calls it on every pass (so a 5-second retry waits for the next pass after 5 s: with
 * the default SCHEDULER_INTERVAL_MS of 5 s, 5 to 10 s); tests call it to deliver at once.
 */
export async function deliverDueWebhooks(
  deps: WebhooksDeps,
  options: DeliverOptions = {},
): Promise<DeliverSummary> {
  const { batchSize = 25, maxBatches = 4, timeoutMs = WEBHOOK_TIMEOUT_MS } = options;
  const summary: DeliverSummary = { attempted: 0, succeeded: 0, failed: 0 };
  const token = randomUUID();
  for (let round = 0; round < maxBatches; round += 1) {
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS);
    const ids = await claimDue(deps.db, now, batchSize, lease, token);
    if (ids.length === 0) break;
    const jobs = await loadJobs(deps.db, ids);
    const outcomes = await Promise.allSettled(jobs.map((job) => attempt(deps, job, token, timeoutMs)));
    for (const [index, outcome] of outcomes.entries()) {
      summary.attempted += 1;
      if (outcome.status === 'fulfilled' && outcome.value) summary.succeeded += 1;
      else summary.failed += 1;
      // Not logged (the database was away): the lease runs out and the delivery is sent again.
      if (outcome.status === 'rejected')
        deps.log.warn(
          { err: outcome.reason, deliveryId: jobs[index]!.deliveryId },
          'webhook attempt not recorded',
        );
    }
    if (ids.length < batchSize) break;
  }
  return summary;
}

const RETENTION_MS = 30 * 24 * 3600_000;

/**
 * Housekeeping: events older than 30 days, and with them their deliveries and attempts, go; an event
 * still being retried stays. At most 1,000 a call.
 */
export async function purgeOldWebhookEvents(deps: Pick<WebhooksDeps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - RETENTION_MS);
  const old = deps.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      sql`${lt(webhookEvents.createdAt, cutoff)} and not exists (
        select 1 from ${webhookDeliveries}
         where ${webhookDeliveries.eventId} = ${webhookEvents.id} and ${webhookDeliveries.status} = 'PENDING')`,
    )
    .limit(1000);
  const removed = await deps.db
    .delete(webhookEvents)
    .where(inArray(webhookEvents.id, old))
    .returning({ id: webhookEvents.id });
  return removed.length;
}
