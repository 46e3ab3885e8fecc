import { and, asc, eq, lte, notInArray, type SQL } from 'drizzle-orm';
import { disputeClosesAt, DISPUTE_CLOSE_AFTER_DAYS } from '@escrow/shared/domain/disputes';
import { disputeResolutions, disputes, type DisputeRow } from '../../db/schema/disputes.ts';
import { createNotification, type NotificationView } from '../notifications/index.ts';
import { msg } from '@escrow/shared/i18n/msg';
import type { DisputesDeps } from './disputes.deps.ts';
import { announceDispute } from './disputes.notify.ts';
import { insertMessage } from './disputes.repository.ts';

type Done = { dispute: DisputeRow; notes: NotificationView[] };

/**
 * Runs due jobs one by one, each in its own database transaction. `pick` finds the next due candidate
 * (never one of `skip`), locks its dispute FOR UPDATE SKIP LOCKED (another process has it: skip), checks
 * it is still due and does the work, or returns null when nothing is due. Announced after each commit.
 */
async function drain(
  deps: DisputesDeps,
  label: string,
  maxJobs: number,
  step: (
    tx: Parameters<Parameters<DisputesDeps['db']['transaction']>[0]>[0],
    now: Date,
    skip: string[],
  ) => Promise<{ id: string; done: Done | null } | null>,
): Promise<number> {
  const skip: string[] = [];
  let count = 0;
  for (let i = 0; i < maxJobs; i += 1) {
    const now = deps.clock.now();
    let result: { id: string; done: Done | null } | null;
    try {
      result = await deps.db.transaction((tx) => step(tx, now, skip));
    } catch (error) {
      deps.log.warn({ err: error }, `${label} failed`);
      break;
    }
    if (!result) break;
    if (!result.done) {
      skip.push(result.id);
      continue;
    }
    count += 1;
    announceDispute(deps, result.done.dispute, { notes: result.done.notes });
  }
  return count;
}

/** PENDING proposals past their 48 hours become REJECTED ('expired'); the proposer is told. */
export async function expireDueProposals(deps: DisputesDeps, maxJobs = 100): Promise<number> {
  return drain(deps, 'proposal expiry', maxJobs, async (tx, now, skip) => {
    const conditions: SQL[] = [
      eq(disputeResolutions.status, 'PENDING'),
      lte(disputeResolutions.expiresAt, now),
    ];
    if (skip.length) conditions.push(notInArray(disputeResolutions.id, skip));
    const [due] = await tx
      .select()
      .from(disputeResolutions)
      .where(and(...conditions))
      .orderBy(asc(disputeResolutions.expiresAt))
      .limit(1);
    if (!due) return null;
    const [dispute] = await tx
      .select()
      .from(disputes)
      .where(eq(disputes.id, due.disputeId))
      .for('update', { skipLocked: true });
    if (!dispute) return { id: due.id, done: null };
    const [expired] = await tx
      .update(disputeResolutions)
      .set({ status: 'REJECTED', closedReason: 'expired', decidedAt: now, updatedAt: now })
      .where(and(eq(disputeResolutions.id, due.id), eq(disputeResolutions.status, 'PENDING')))
      .returning();
    if (!expired) return { id: due.id, done: null };
    await insertMessage(tx, {
      disputeId: dispute.id,
      senderId: null,
      content: msg(
        'The proposal ({resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}) expired after 48 hours without an answer.',
      ),
      params: { resolution: due.resolution },
      at: now,
    });
    const note = await createNotification(tx, {
      userId: due.proposedById,
      transactionId: dispute.transactionId,
      type: 'DISPUTE',
      priority: 'MEDIUM',
      title: msg('Your proposal expired'),
      message: msg(
        'Your proposal ({resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}) was not answered within 48 hours. You can propose again or escalate to support.',
      ),
      params: { resolution: due.resolution },
      metadata: { disputeId: dispute.id },
    });
    return { id: due.id, done: { dispute, notes: [note] } };
  });
}

/** RESOLVED disputes close 7 days after their resolution (CLOSED takes no more messages). */
export async function closeResolvedDisputes(deps: DisputesDeps, maxJobs = 100): Promise<number> {
  return drain(deps, 'dispute closing', maxJobs, async (tx, now, skip) => {
    const cutoff = new Date(now.getTime() - DISPUTE_CLOSE_AFTER_DAYS * 86_400_000);
    const conditions: SQL[] = [eq(disputes.status, 'RESOLVED'), lte(disputes.resolvedAt, cutoff)];
    if (skip.length) conditions.push(notInArray(disputes.id, skip));
    const [due] = await tx
      .select()
      .from(disputes)
      .where(and(...conditions))
      .orderBy(asc(disputes.resolvedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    if (!due.resolvedAt || disputeClosesAt(due.resolvedAt) > now) return { id: due.id, done: null };
    const [closed] = await tx
      .update(disputes)
      .set({ status: 'CLOSED', closedAt: now, updatedAt: now })
      .where(and(eq(disputes.id, due.id), eq(disputes.status, 'RESOLVED')))
      .returning();
    if (!closed) return { id: due.id, done: null };
    await insertMessage(tx, {
      disputeId: due.id,
      senderId: null,
      content: msg('This dispute is now closed.'),
      at: now,
    });
    return { id: due.id, done: { dispute: closed, notes: [] } };
  });
}

/** Every dispute timer, for the scheduler. */
export async function runDisputeTimers(deps: DisputesDeps) {
  const proposalsExpired = await expireDueProposals(deps);
  const disputesClosed = await closeResolvedDisputes(deps);
  return { proposalsExpired, disputesClosed };
}
