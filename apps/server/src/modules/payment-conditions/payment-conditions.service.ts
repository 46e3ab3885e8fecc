import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { isTerminal } from '@escrow/shared/domain/transaction-machine';
import {
  CONDITION_EDIT_STATUSES,
  MANUAL_RELEASE_STATUSES,
  PAYMENT_CONDITIONS_LOCKED_TEXT,
  viewerRoleOf,
} from '@escrow/shared/domain/transaction-labels';
import {
  PAYMENT_CONDITION_TEXT,
  parseReleaseDate,
  type PaymentConditionList,
} from '@escrow/shared/schemas/payment-conditions';
import type { Tx } from '../../db/client.ts';
import { paymentConditions, type TransactionRow } from '../../db/schema/transactions.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { recordActivity, type ActivityInput } from '../activities/activities.service.ts';
import {
  createNotification,
  type NotificationInput,
  type NotificationView,
} from '../notifications/notifications.service.ts';
import { findTransactionRow, partiesOf } from '../transactions/transactions.repository.ts';
import { releaseEscrow } from '../transactions/transactions.release.ts';
import { transactionNotFound } from '../transactions/transactions.steps.ts';
import { fullName } from '../transactions/transactions.view.ts';
import {
  conditionsOf,
  findCondition,
  findPendingTimeRelease,
  lockTransaction,
  markConditionMet,
  toConditionView,
} from './payment-conditions.repository.ts';

const locked = () => new AppError('ILLEGAL_TRANSITION', PAYMENT_CONDITIONS_LOCKED_TEXT);
const MAX_RELEASE_AHEAD_MS = 366 * 24 * 3600_000;

export async function listConditions(
  app: FastifyInstance,
  userId: string,
  transactionId: string,
): Promise<PaymentConditionList> {
  const row = await findTransactionRow(app.db, transactionId);
  if (!row || !viewerRoleOf(row, userId)) throw transactionNotFound();
  const rows = await conditionsOf(app.db, transactionId);
  const autoReleaseEnabled =
    !isTerminal(row.status) && rows.some((c) => c.conditionType === 'TIME_BASED' && !c.isMet);
  return { conditions: rows.map(toConditionView), autoReleaseEnabled };
}

type Written = {
  activity: Omit<ActivityInput, 'transactionId' | 'userId' | 'userName' | 'userRole' | 'at'>;
  notify: 'other' | null;
  title: string;
  message: string;
};

/**
 * Runs a condition change for a member in one database transaction with the transaction row locked
 * (its status cannot move underneath), writing the activity and the other party's notification too.
 */
async function withLockedTransaction<T>(
  app: FastifyInstance,
  userId: string,
  transactionId: string,
  work: (
    tx: Tx,
    row: TransactionRow,
    role: 'BUYER' | 'SELLER',
    now: Date,
  ) => Promise<{ result: T } & Written>,
): Promise<T> {
  const { result, note } = await app.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, transactionId);
    const role = row ? viewerRoleOf(row, userId) : null;
    if (!row || !role) throw transactionNotFound();
    const now = app.clock.now();
    const written = await work(tx, row, role, now);
    const parties = await partiesOf(tx, row);
    const actor = parties.get(userId)!;
    await recordActivity(tx, {
      ...written.activity,
      transactionId,
      userId,
      userName: fullName(actor),
      userRole: role,
      at: now,
    });
    const otherId = row.creatorId === userId ? row.counterpartyId : row.creatorId;
    let note: NotificationView | null = null;
    if (written.notify && otherId) {
      const input: NotificationInput = {
        userId: otherId,
        transactionId,
        type: 'TRANSACTION_UPDATE',
        priority: 'MEDIUM',
        title: written.title,
        message: written.message,
        metadata: { transactionStatus: row.status, counterpartyName: fullName(actor), actionRequired: false },
      };
      note = await createNotification(tx, input);
    }
    return { result: written.result, note };
  });
  if (note) app.realtime.toUser(note.userId, 'notification', note);
  return result;
}

/** Either party adds the DELIVERY_CONFIRMED condition (one per transaction). */
export async function addDeliveryCondition(
  app: FastifyInstance,
  userId: string,
  transactionId: string,
  text?: string,
) {
  return withLockedTransaction(app, userId, transactionId, async (tx, row) => {
    if (!CONDITION_EDIT_STATUSES.includes(row.status)) throw locked();
    const [created] = await tx
      .insert(paymentConditions)
      .values({
        transactionId,
        conditionType: 'DELIVERY_CONFIRMED',
        conditionValue: text ?? null,
        createdBy: userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('CONFLICT', 'A delivery confirmation condition already exists');
    return {
      result: toConditionView(created),
      activity: { action: 'payment_condition_added', description: 'Delivery confirmation condition added' },
      notify: 'other',
      title: 'Payment condition added',
      message: 'A delivery confirmation condition was added to your transaction.',
    };
  });
}

/** The buyer confirms delivery on the DELIVERY_CONFIRMED condition; the server sets isMet and metAt. */
export async function confirmDeliveryCondition(app: FastifyInstance, userId: string, conditionId: string) {
  const condition = await findCondition(app.db, conditionId);
  if (!condition) throw new AppError('NOT_FOUND', 'Payment condition not found');
  return withLockedTransaction(app, userId, condition.transactionId, async (tx, row, role, now) => {
    if (role !== 'BUYER') throw forbidden('Only the buyer can confirm delivery');
    if (condition.conditionType !== 'DELIVERY_CONFIRMED')
      throw new AppError('CONFLICT', 'Only a delivery confirmation condition can be updated');
    if (!MANUAL_RELEASE_STATUSES.includes(row.status))
      throw new AppError('ILLEGAL_TRANSITION', 'Delivery can only be confirmed after the seller has shipped');
    await markConditionMet(tx, condition.id, now);
    const [fresh] = await tx.select().from(paymentConditions).where(eq(paymentConditions.id, condition.id));
    return {
      result: toConditionView(fresh!),
      activity: { action: 'delivery_confirmed', description: 'Delivery confirmed by buyer' },
      notify: 'other',
      title: 'Delivery confirmed',
      message: 'The buyer confirmed delivery of the item.',
    };
  });
}

/** The buyer schedules (or moves) the automatic release; it fires only while awaiting their confirmation. */
export async function setTimeRelease(
  app: FastifyInstance,
  userId: string,
  input: { transactionId: string; releaseDate: string; timezone?: string },
) {
  const releaseAt = parseReleaseDate(input.releaseDate);
  if (!releaseAt) throw badRequest(PAYMENT_CONDITION_TEXT.releaseDateRequired);
  return withLockedTransaction(app, userId, input.transactionId, async (tx, row, role, now) => {
    if (role !== 'BUYER') throw forbidden('Only the buyer can set a time-based release');
    if (!CONDITION_EDIT_STATUSES.includes(row.status)) throw locked();
    if (releaseAt.getTime() < now.getTime()) throw badRequest(PAYMENT_CONDITION_TEXT.releaseDatePast);
    if (releaseAt.getTime() > now.getTime() + MAX_RELEASE_AHEAD_MS)
      throw badRequest('The release date must be within one year');
    const conditionValue = JSON.stringify({
      releaseDate: releaseAt.toISOString(),
      timezone: input.timezone ?? 'Africa/Lagos',
    });
    const existing = await findPendingTimeRelease(tx, input.transactionId);
    const [saved] = existing
      ? await tx
          .update(paymentConditions)
          .set({ releaseAt, conditionValue, updatedAt: now })
          .where(eq(paymentConditions.id, existing.id))
          .returning()
      : await tx
          .insert(paymentConditions)
          .values({
            transactionId: input.transactionId,
            conditionType: 'TIME_BASED',
            conditionValue,
            releaseAt,
            createdBy: userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
    return {
      result: toConditionView(saved!),
      activity: {
        action: 'time_release_scheduled',
        description: `Automatic release scheduled for ${releaseAt.toISOString()}`,
        metadata: { releaseDate: releaseAt.toISOString() },
      },
      notify: 'other',
      title: 'Automatic release scheduled',
      message: `The buyer scheduled the payment to be released on ${releaseAt.toUTCString()}.`,
    };
  });
}

/** The buyer releases the escrow now (after shipment); recorded as a met MANUAL_APPROVAL condition. */
export async function manualRelease(
  app: FastifyInstance,
  userId: string,
  transactionId: string,
  reason?: string,
) {
  const row = await findTransactionRow(app.db, transactionId);
  const role = row ? viewerRoleOf(row, userId) : null;
  if (!row || !role) throw transactionNotFound();
  if (role !== 'BUYER') throw forbidden('Only the buyer can release the payment');
  if (!MANUAL_RELEASE_STATUSES.includes(row.status)) throw locked();
  await releaseEscrow(app, {
    transactionId,
    action: 'MANUAL_RELEASE',
    userId,
    description: (ctx) => `Payment released manually by ${ctx.actorName}${reason ? `: ${reason}` : ''}`,
    metadata: { reason },
    extra: async (tx, ctx) => {
      await tx.insert(paymentConditions).values({
        transactionId,
        conditionType: 'MANUAL_APPROVAL',
        conditionValue: JSON.stringify({
          approvedBy: userId,
          reason: reason ?? null,
          approvedAt: ctx.now.toISOString(),
        }),
        isMet: true,
        metAt: ctx.now,
        createdBy: userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
    },
  });
  return listConditions(app, userId, transactionId);
}
