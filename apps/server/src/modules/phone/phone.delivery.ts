import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { maskPhone, type MessageChannel } from '@escrow/shared/schemas/phone';
import type { Db } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/phone.ts';
import type { PhoneDeps } from './phone.deps.ts';
import { MessagingUnavailable } from './phone.provider.ts';

/**
 * When a failed attempt is tried again: 1 min, 5 min, 30 min, 2 h after attempts 1 to 4; the fifth
 * failure is final (FAILED, shown to staff, who may send it again).
 */
export const TEXT_MESSAGE_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
export const TEXT_MESSAGE_MAX_ATTEMPTS = TEXT_MESSAGE_RETRY_DELAYS_MS.length + 1;

export type TextDeliverySummary = { attempted: number; sent: number; failed: number };

/** The lease outlives the slowest attempt (the provider's timeout, its one retry, the recording). */
const LEASE_MS = 2 * 60_000;

type Claimed = {
  id: string;
  userId: string;
  channel: MessageChannel;
  toPhone: string;
  body: string;
  attempts: number;
};

/**
 * Claims due messages for this instance, as webhook deliveries are claimed: PENDING rows whose time has
 * come, picked FOR UPDATE SKIP LOCKED (another instance skips them) and leased with a token. The claim
 * commits at once, so the provider is called outside any database transaction; an instance that dies
 * mid-send leaves a lease that runs out, and the message is sent again (at least once).
 */
async function claimDue(db: Db, now: Date, batch: number, token: string): Promise<Claimed[]> {
  const at = now.toISOString();
  const { rows } = (await db.execute(sql`
    update sms_messages
       set locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
           lock_token = ${token}
     where id in (
       select id from sms_messages
        where status = 'PENDING'
          and next_attempt_at <= ${at}::timestamptz
          and (locked_until is null or locked_until <= ${at}::timestamptz)
        order by next_attempt_at
        limit ${batch}
        for update skip locked)
    returning id`)) as { rows: { id: string }[] };
  if (rows.length === 0) return [];
  return db
    .select({
      id: smsMessages.id,
      userId: smsMessages.userId,
      channel: smsMessages.channel,
      toPhone: smsMessages.toPhone,
      body: smsMessages.body,
      attempts: smsMessages.attempts,
    })
    .from(smsMessages)
    .where(
      inArray(
        smsMessages.id,
        rows.map((r) => r.id),
      ),
    );
}

/**
 * One attempt and its record, guarded by the lease's token (a lease that ran out and was claimed again
 * elsewhere is not recorded twice). Sent: SENT with the provider's id. Failed: PENDING again after the
 * next delay, or FAILED after the last attempt; `last_error` is our own words (MessagingUnavailable),
 * never the body, the number or a key.
 */
async function attempt(deps: PhoneDeps, message: Claimed, token: string): Promise<boolean> {
  let outcome: { messageId: string } | { error: string; reason: string };
  try {
    outcome = await deps.messaging.send({
      to: message.toPhone,
      channel: message.channel,
      body: message.body,
    });
  } catch (error) {
    outcome =
      error instanceof MessagingUnavailable
        ? { error: error.message, reason: error.reason }
        : { error: 'The provider failed unexpectedly', reason: 'unexpected' };
  }
  const now = deps.clock.now();
  const attempts = message.attempts + 1;
  const mine = and(eq(smsMessages.id, message.id), eq(smsMessages.lockToken, token));
  const released = { attempts, lockedUntil: null, lockToken: null, updatedAt: now };
  if ('messageId' in outcome) {
    await deps.db
      .update(smsMessages)
      .set({
        ...released,
        status: 'SENT',
        providerMessageId: outcome.messageId,
        sentAt: now,
        nextAttemptAt: null,
        lastError: null,
      })
      .where(mine);
    return true;
  }
  const delay = TEXT_MESSAGE_RETRY_DELAYS_MS[attempts - 1];
  await deps.db
    .update(smsMessages)
    .set(
      delay === undefined
        ? { ...released, status: 'FAILED', nextAttemptAt: null, lastError: outcome.error }
        : { ...released, nextAttemptAt: new Date(now.getTime() + delay), lastError: outcome.error },
    )
    .where(mine);
  deps.log.warn(
    {
      messageId: message.id,
      userId: message.userId,
      to: maskPhone(message.toPhone),
      channel: message.channel,
      attempts,
      reason: outcome.reason,
      final: delay === undefined,
    },
    'text message not sent',
  );
  return false;
}

/**
 * Sends the text messages that are due, batch by batch (each batch in parallel). The scheduler calls it
 * on every pass; tests call it to send at once.
 */
export async function deliverDueTextMessages(
  deps: PhoneDeps,
  { batchSize = 25, maxBatches = 4 }: { batchSize?: number; maxBatches?: number } = {},
): Promise<TextDeliverySummary> {
  const summary: TextDeliverySummary = { attempted: 0, sent: 0, failed: 0 };
  const token = randomUUID();
  for (let round = 0; round < maxBatches; round += 1) {
    const due = await claimDue(deps.db, deps.clock.now(), batchSize, token);
    if (due.length === 0) break;
    const outcomes = await Promise.allSettled(due.map((message) => attempt(deps, message, token)));
    for (const [index, outcome] of outcomes.entries()) {
      summary.attempted += 1;
      if (outcome.status === 'fulfilled' && outcome.value) summary.sent += 1;
      else summary.failed += 1;
      // Not recorded (the database was away): the lease runs out and the message is tried again.
      if (outcome.status === 'rejected')
        deps.log.warn(
          { err: outcome.reason, messageId: due[index]!.id },
          'text message attempt not recorded',
        );
    }
    if (due.length < batchSize) break;
  }
  return summary;
}
