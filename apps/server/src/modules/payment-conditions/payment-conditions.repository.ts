import { and, asc, eq, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { MIN_HOURS_AFTER_SHIPMENT_FOR_TIME_RELEASE } from '@escrow/shared/domain/disputes';
import type { PaymentCondition } from '@escrow/shared/schemas/payment-conditions';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { paymentConditions, type PaymentConditionRow } from '../../db/schema/payment-conditions.ts';
import { tradeDirectory } from '../../db/schema/published.ts';
import { dueBacklogFields, toDueBacklog, type DueBacklog } from '../../lib/due-backlog.ts';

export function toConditionView(row: PaymentConditionRow): PaymentCondition {
  return {
    id: row.id,
    transactionId: row.transactionId,
    conditionType: row.conditionType,
    conditionValue: row.conditionValue,
    releaseAt: row.releaseAt?.toISOString() ?? null,
    isMet: row.isMet,
    metAt: row.metAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function conditionsOf(db: DbOrTx, transactionId: string): Promise<PaymentConditionRow[]> {
  return db
    .select()
    .from(paymentConditions)
    .where(eq(paymentConditions.transactionId, transactionId))
    .orderBy(asc(paymentConditions.createdAt), asc(paymentConditions.id));
}

export async function findCondition(db: DbOrTx, id: string): Promise<PaymentConditionRow | null> {
  const [row] = await db.select().from(paymentConditions).where(eq(paymentConditions.id, id)).limit(1);
  return row ?? null;
}

const pendingTime = (transactionId: string) =>
  and(
    eq(paymentConditions.transactionId, transactionId),
    eq(paymentConditions.conditionType, 'TIME_BASED'),
    eq(paymentConditions.isMet, false),
  );

export async function findPendingTimeRelease(db: DbOrTx, transactionId: string) {
  const [row] = await db.select().from(paymentConditions).where(pendingTime(transactionId)).limit(1);
  return row ?? null;
}

/** The time-based releases due at `now` (conditions on payment_conditions joined to the trade directory). */
const dueTimeReleases = (now: Date): SQL[] => [
  eq(paymentConditions.conditionType, 'TIME_BASED'),
  eq(paymentConditions.isMet, false),
  lte(paymentConditions.releaseAt, now),
  eq(tradeDirectory.status, 'WAITING_FOR_BUYER_CONFIRMATION'),
  // The buyer always gets time to inspect: never earlier than 48 h after shipment.
  lte(
    sql`${tradeDirectory.shippedAt} + interval '${sql.raw(String(MIN_HOURS_AFTER_SHIPMENT_FOR_TIME_RELEASE))} hours'`,
    now,
  ),
];

/** How many time-based releases are due and not done, and since when (the scheduler metrics). */
export async function dueTimeReleaseBacklog(db: DbOrTx, now: Date): Promise<DueBacklog> {
  const [row] = await db
    .select(dueBacklogFields(paymentConditions.releaseAt))
    .from(paymentConditions)
    .innerJoin(tradeDirectory, eq(tradeDirectory.id, paymentConditions.transactionId))
    .where(and(...dueTimeReleases(now)));
  return toDueBacklog(row);
}

/**
 * One due time-based release, locked with SKIP LOCKED so that several scheduler processes on one
 * PostgreSQL never pick the same row; only transactions awaiting the buyer's confirmation qualify
 * (DISPUTED, CANCELLED or COMPLETED ones are never released by time). A date that passes before the
 * seller ships stays due and fires no earlier than 48 h after shipment, so the buyer still gets to inspect.
 */
export async function lockNextDueTimeRelease(tx: Tx, now: Date, skipIds: string[]) {
  const conditions = dueTimeReleases(now);
  if (skipIds.length) conditions.push(notInArray(paymentConditions.id, skipIds));
  const [row] = await tx
    .select({ id: paymentConditions.id, transactionId: paymentConditions.transactionId })
    .from(paymentConditions)
    .innerJoin(tradeDirectory, eq(tradeDirectory.id, paymentConditions.transactionId))
    .where(and(...conditions))
    .orderBy(asc(paymentConditions.releaseAt))
    .limit(1)
    .for('update', { of: paymentConditions, skipLocked: true });
  return row ?? null;
}

/** Marks a condition met once (guarded by `is_met = false`); returns false if it already was. */
export async function markConditionMet(tx: Tx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(paymentConditions)
    .set({ isMet: true, metAt: at, updatedAt: at })
    .where(and(eq(paymentConditions.id, id), eq(paymentConditions.isMet, false)))
    .returning({ id: paymentConditions.id });
  return rows.length > 0;
}
