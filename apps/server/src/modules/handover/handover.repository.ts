import { and, asc, count, eq, gt, isNull, lte, notInArray, or, type SQL } from 'drizzle-orm';
import type { HandoverReminderDays } from '@escrow/shared/schemas/handover';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { handoverAttempts, handoverCodes, type HandoverCodeRow } from '../../db/schema/handover.ts';
import { tradeDirectory } from '../../db/schema/published.ts';
import { newReleaseCode } from './handover.code.ts';

/** The two handover tables belong to this module: every read and write of them is here. */

/** Makes the transaction's code if it has none yet (two first reads at once make one). */
export async function ensureCode(db: DbOrTx, transactionId: string, now: Date): Promise<void> {
  await db
    .insert(handoverCodes)
    .values({ transactionId, code: newReleaseCode(), createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: handoverCodes.transactionId });
}

export async function findCode(db: DbOrTx, transactionId: string): Promise<HandoverCodeRow | null> {
  const [row] = await db.select().from(handoverCodes).where(eq(handoverCodes.transactionId, transactionId));
  return row ?? null;
}

/** The code row locked for this database transaction: entries, regenerations and the lock take turns. */
export async function lockCode(tx: Tx, transactionId: string): Promise<HandoverCodeRow | null> {
  const [row] = await tx
    .select()
    .from(handoverCodes)
    .where(eq(handoverCodes.transactionId, transactionId))
    .for('update');
  return row ?? null;
}

/** Replaces an unused code; false once it has been used. */
export async function replaceCode(tx: Tx, id: string, code: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(handoverCodes)
    .set({ code, updatedAt: now })
    .where(and(eq(handoverCodes.id, id), isNull(handoverCodes.usedAt)))
    .returning({ id: handoverCodes.id });
  return rows.length > 0;
}

/** Marks the code used, once, and only if it is still the code that was checked. */
export async function markCodeUsed(tx: Tx, id: string, code: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(handoverCodes)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(handoverCodes.id, id), eq(handoverCodes.code, code), isNull(handoverCodes.usedAt)))
    .returning({ id: handoverCodes.id });
  return rows.length > 0;
}

export async function lockEntryUntil(tx: Tx, id: string, until: Date, now: Date): Promise<void> {
  await tx.update(handoverCodes).set({ lockedUntil: until, updatedAt: now }).where(eq(handoverCodes.id, id));
}

export async function recordAttempt(
  tx: Tx,
  attempt: { transactionId: string; userId: string; correct: boolean; at: Date },
): Promise<void> {
  const { at, ...rest } = attempt;
  await tx.insert(handoverAttempts).values({ ...rest, createdAt: at, updatedAt: at });
}

/** Wrong codes entered for the transaction after `since`. */
export async function wrongAttemptsSince(tx: Tx, transactionId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(handoverAttempts)
    .where(
      and(
        eq(handoverAttempts.transactionId, transactionId),
        eq(handoverAttempts.correct, false),
        gt(handoverAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

const reminderColumn = (days: HandoverReminderDays) =>
  days === 3 ? handoverCodes.reminder3SentAt : handoverCodes.reminder7SentAt;

/**
 * The next in-person trade paid at least `days` ago, still waiting for the handover, whose reminder for
 * `days` has not gone out (it may have no code row yet: the buyer never opened the code). Not locked
 * here: the reminder claims the code row (SKIP LOCKED) and marks it with a guarded update.
 */
export async function nextReminderDue(
  tx: Tx,
  days: HandoverReminderDays,
  paidBefore: Date,
  skipIds: string[],
): Promise<string | null> {
  const conditions: SQL[] = [
    eq(tradeDirectory.status, 'WAITING_FOR_HANDOVER'),
    lte(tradeDirectory.paidAt, paidBefore),
    or(isNull(handoverCodes.id), isNull(reminderColumn(days)))!,
  ];
  if (skipIds.length) conditions.push(notInArray(tradeDirectory.id, skipIds));
  const [row] = await tx
    .select({ id: tradeDirectory.id })
    .from(tradeDirectory)
    .leftJoin(handoverCodes, eq(handoverCodes.transactionId, tradeDirectory.id))
    .where(and(...conditions))
    .orderBy(asc(tradeDirectory.paidAt))
    .limit(1);
  return row?.id ?? null;
}

/** The code row with this reminder unsent, locked SKIP LOCKED (null: sent, or another process has it). */
export async function claimReminder(
  tx: Tx,
  transactionId: string,
  days: HandoverReminderDays,
): Promise<HandoverCodeRow | null> {
  const [row] = await tx
    .select()
    .from(handoverCodes)
    .where(and(eq(handoverCodes.transactionId, transactionId), isNull(reminderColumn(days))))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * Marks the reminder sent, guarded by its column still being empty (once, whatever else runs). The
 * 7-day reminder stands for the 3-day one when the scheduler first sees the trade after 7 days.
 */
export async function markReminderSent(
  tx: Tx,
  code: HandoverCodeRow,
  days: HandoverReminderDays,
  now: Date,
): Promise<boolean> {
  const patch =
    days === 3
      ? { reminder3SentAt: now }
      : { reminder7SentAt: now, reminder3SentAt: code.reminder3SentAt ?? now };
  const rows = await tx
    .update(handoverCodes)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(handoverCodes.id, code.id), isNull(reminderColumn(days))))
    .returning({ id: handoverCodes.id });
  return rows.length > 0;
}
