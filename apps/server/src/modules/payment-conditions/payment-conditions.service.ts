import { eq } from 'drizzle-orm';
import { isTerminal } from '@escrow/shared/domain/transaction-machine';
import {
  PAYMENT_CONDITION_TEXT,
  parseReleaseDate,
  type PaymentCondition,
  type PaymentConditionList,
} from '@escrow/shared/schemas/payment-conditions';
import type { DbOrTx } from '../../db/client.ts';
import { paymentConditions } from '../../db/schema/payment-conditions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { MessageParams } from '../../lib/i18n.ts';
import {
  memberTransactionRow,
  noticeFor,
  otherPartyOf,
  releaseEscrow,
  runStep,
  type ActivityText,
  type StepContext,
  type StepDeps,
  type TransactionRow,
} from '../transactions/index.ts';
import {
  conditionsOf,
  findCondition,
  findPendingTimeRelease,
  markConditionMet,
  toConditionView,
} from './payment-conditions.repository.ts';

const MAX_RELEASE_AHEAD_MS = 366 * 24 * 3600_000;

async function conditionList(db: DbOrTx, row: TransactionRow): Promise<PaymentConditionList> {
  const rows = await conditionsOf(db, row.id);
  const autoReleaseEnabled =
    !isTerminal(row.status) && rows.some((c) => c.conditionType === 'TIME_BASED' && !c.isMet);
  return { conditions: rows.map(toConditionView), autoReleaseEnabled };
}

export async function listConditions(
  deps: Pick<StepDeps, 'db'>,
  userId: string,
  transactionId: string,
): Promise<PaymentConditionList> {
  return conditionList(deps.db, await memberTransactionRow(deps.db, userId, transactionId));
}

/** The other party hears of a condition change (the actor already knows): message ids and their values. */
const tellOther =
  (title: string, message: string, params?: MessageParams) => (ctx: StepContext, updated: TransactionRow) =>
    noticeFor(ctx, updated, otherPartyOf(ctx, updated), {
      type: 'TRANSACTION_UPDATE',
      priority: 'MEDIUM',
      title,
      message,
      ...(params ? { params } : {}),
    });

/**
 * Either party adds the DELIVERY_CONFIRMED condition (one per transaction). Like every condition
 * change it is a step of the state machine that keeps the status: the row is locked and its status
 * guarded, the activity and the other party's notification are written in the same database
 * transaction, and both parties hear of it after commit.
 */
export async function addDeliveryCondition(
  deps: StepDeps,
  userId: string,
  transactionId: string,
  text?: string,
): Promise<PaymentCondition> {
  const { effect } = await runStep(deps, {
    transactionId,
    actor: { kind: 'user', userId },
    action: 'ADD_DELIVERY_CONDITION',
    effects: async (ctx) => {
      const [created] = await ctx.tx
        .insert(paymentConditions)
        .values({
          transactionId,
          conditionType: 'DELIVERY_CONFIRMED',
          conditionValue: text ?? null,
          createdBy: userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw new AppError('CONFLICT', msg('A delivery confirmation condition already exists'));
      return toConditionView(created);
    },
    activity: () => ({
      action: 'payment_condition_added',
      description: msg('Delivery confirmation condition added'),
    }),
    notifications: tellOther(
      msg('Payment condition added'),
      msg('A delivery confirmation condition was added to your transaction.'),
    ),
  });
  return effect;
}

/** The buyer confirms delivery on the DELIVERY_CONFIRMED condition; the server sets isMet and metAt. */
export async function confirmDeliveryCondition(
  deps: StepDeps,
  userId: string,
  conditionId: string,
): Promise<PaymentCondition> {
  const condition = await findCondition(deps.db, conditionId);
  if (!condition) throw new AppError('NOT_FOUND', msg('Payment condition not found'));
  const { effect } = await runStep(deps, {
    transactionId: condition.transactionId,
    actor: { kind: 'user', userId },
    action: 'CONFIRM_DELIVERY',
    check: () => {
      if (condition.conditionType !== 'DELIVERY_CONFIRMED')
        throw new AppError('CONFLICT', msg('Only a delivery confirmation condition can be updated'));
    },
    effects: async (ctx) => {
      await markConditionMet(ctx.tx, condition.id, ctx.now);
      const [fresh] = await ctx.tx
        .select()
        .from(paymentConditions)
        .where(eq(paymentConditions.id, condition.id));
      return toConditionView(fresh!);
    },
    activity: () => ({ action: 'delivery_confirmed', description: msg('Delivery confirmed by buyer') }),
    notifications: tellOther(msg('Delivery confirmed'), msg('The buyer confirmed delivery of the item.')),
  });
  return effect;
}

/** The buyer schedules (or moves) the automatic release; it fires only while awaiting their confirmation. */
export async function setTimeRelease(
  deps: StepDeps,
  userId: string,
  input: { transactionId: string; releaseDate: string; timezone?: string },
): Promise<PaymentCondition> {
  const releaseAt = parseReleaseDate(input.releaseDate);
  if (!releaseAt) throw badRequest(PAYMENT_CONDITION_TEXT.releaseDateRequired);
  const { effect } = await runStep(deps, {
    transactionId: input.transactionId,
    actor: { kind: 'user', userId },
    action: 'SET_TIME_RELEASE',
    check: (ctx) => {
      if (releaseAt.getTime() < ctx.now.getTime()) throw badRequest(PAYMENT_CONDITION_TEXT.releaseDatePast);
      if (releaseAt.getTime() > ctx.now.getTime() + MAX_RELEASE_AHEAD_MS)
        throw badRequest(msg('The release date must be within one year'));
    },
    effects: async (ctx) => {
      const conditionValue = JSON.stringify({
        releaseDate: releaseAt.toISOString(),
        timezone: input.timezone ?? 'Africa/Lagos',
      });
      const existing = await findPendingTimeRelease(ctx.tx, input.transactionId);
      const [saved] = existing
        ? await ctx.tx
            .update(paymentConditions)
            .set({ releaseAt, conditionValue, updatedAt: ctx.now })
            .where(eq(paymentConditions.id, existing.id))
            .returning()
        : await ctx.tx
            .insert(paymentConditions)
            .values({
              transactionId: input.transactionId,
              conditionType: 'TIME_BASED',
              conditionValue,
              releaseAt,
              createdBy: userId,
              createdAt: ctx.now,
              updatedAt: ctx.now,
            })
            .returning();
      return toConditionView(saved!);
    },
    activity: () => ({
      action: 'time_release_scheduled',
      description: msg('Automatic release scheduled for {date}'),
      params: { date: releaseAt.toISOString() },
      metadata: { releaseDate: releaseAt.toISOString() },
    }),
    notifications: tellOther(
      msg('Automatic release scheduled'),
      msg('The buyer scheduled the payment to be released on {date}.'),
      { date: releaseAt.toUTCString() },
    ),
  });
  return effect;
}

/**
 * The buyer releases the escrow now (after shipment), recorded as a met MANUAL_APPROVAL condition in
 * the release step's own database transaction; answers the conditions as that transaction left them.
 */
export async function manualRelease(
  deps: StepDeps,
  userId: string,
  transactionId: string,
  reason?: string,
): Promise<PaymentConditionList> {
  let list: PaymentConditionList | null = null;
  await releaseEscrow(deps, {
    transactionId,
    action: 'MANUAL_RELEASE',
    userId,
    description: (ctx): ActivityText =>
      reason
        ? {
            description: msg('Payment released manually by {name}: {reason}'),
            params: { name: ctx.actorName, reason },
          }
        : { description: msg('Payment released manually by {name}'), params: { name: ctx.actorName } },
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
      list = await conditionList(tx, { ...ctx.row, status: ctx.next });
    },
  });
  return list!;
}
