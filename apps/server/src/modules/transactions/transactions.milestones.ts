import { and, asc, eq, gt, inArray, isNull, lte, notInArray, type SQL } from 'drizzle-orm';
import {
  AUTO_RELEASE_REMINDER_HOURS,
  computeAutoReleaseAt,
  extendedAutoReleaseAt,
  INSPECTION_TEXT,
  restartedAutoReleaseAt,
  type EscrowRemainder,
} from '@escrow/shared/domain/disputes';
import { tradeAmountsWithFee } from '@escrow/shared/domain/fees';
import { milestoneRelease, MILESTONE_TEXT, unreleasedRemainder } from '@escrow/shared/domain/milestones';
import { courierFieldIssues, type DeliverMilestoneBody } from '@escrow/shared/schemas/transactions';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  transactionMilestones,
  transactions,
  type MilestoneRow,
  type TransactionRow,
} from '../../db/schema/transactions.ts';
import { uploadDirectory } from '../../db/schema/published.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../../lib/errors.ts';
import { refreshTrustScore } from '../trust/index.ts';
import { MILESTONE_RELEASED_TO_SELLER, releaseHold, releaseHoldPart } from '../ledger/index.ts';
import { createNotification } from '../notifications/index.ts';
import type { StepDeps } from './transactions.deps.ts';
import { drainDueJobs } from './transactions.job-runner.ts';
import { announceReminder, contactsOf, lagosDate } from './transactions.mails.ts';
import { money, noticeFor, quoted, rateSellerNotice } from './transactions.notifications.ts';
import { releaseKey } from './transactions.release.ts';
import { loadMilestones } from './transactions.repository.ts';
import {
  announceTransaction,
  executeStep,
  type Actor,
  type StepContext,
  type StepResult,
  type StepSpec,
} from './transactions.steps.ts';
import { buyerIdOf } from './transactions.view.ts';

/**
 * Milestones (docs/money.md "Milestones"): the seller delivers each part, the buyer accepts it (or its own
 * inspection window does) and its amount is released at once, the seller's fee share taken pro rata
 * (domain/milestones.ts). Each step is a state-machine step of the transaction (IN_PROGRESS, the last
 * release COMPLETED), run with the transaction row locked first, so the facts it decides on (how many
 * milestones are open) cannot change under it: of an acceptance racing its automatic acceptance, or two
 * acceptances of the last two milestones, each sees the other's result.
 */

const milestoneNotFound = () => new AppError('NOT_FOUND', MILESTONE_TEXT.notFound);
const quotedTitle = (m: MilestoneRow) => `"${m.title.length > 60 ? `${m.title.slice(0, 57)}...` : m.title}"`;

/** Runs a milestone step in its own database transaction, the transaction row locked before anything is read. */
async function runLocked<T>(deps: StepDeps, spec: StepSpec<T>): Promise<StepResult<T>> {
  const result = await deps.db.transaction(async (tx) => {
    await lockTransactionRow(tx, spec.transactionId);
    return executeStep(deps, tx, spec);
  });
  announceTransaction(deps, result.record, result.notes);
  return result;
}

async function lockTransactionRow(tx: Tx, id: string) {
  await tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, id)).for('update');
}

/** The milestone of this transaction, read in the step's database transaction (404 when it is not one). */
async function milestoneOf(ctx: StepContext, milestoneId: string) {
  const all = await loadMilestones(ctx.tx, ctx.row.id);
  const index = all.findIndex((m) => m.id === milestoneId);
  if (index < 0) throw milestoneNotFound();
  return { all, index, milestone: all[index]! };
}

/** Guarded milestone status change: exactly one of two racing steps moves it. */
async function moveMilestone(
  tx: Tx,
  milestone: MilestoneRow,
  from: MilestoneRow['status'],
  patch: Partial<typeof transactionMilestones.$inferInsert>,
  conflict: string,
): Promise<MilestoneRow> {
  const [moved] = await tx
    .update(transactionMilestones)
    .set(patch)
    .where(and(eq(transactionMilestones.id, milestone.id), eq(transactionMilestones.status, from)))
    .returning();
  if (!moved) throw new AppError('CONFLICT', conflict);
  return moved;
}

/**
 * Delivery files are the seller's own uploads for this transaction: photos, or milestone files. Read
 * from the directory the uploads module publishes: that module imports this one (membership).
 */
async function checkDeliveryUploads(ctx: StepContext, userId: string, body: DeliverMilestoneBody) {
  const groups: [string[], ('shipment_photo' | 'milestone_file')[]][] = [
    [body.shipmentData?.photos ?? [], ['shipment_photo']],
    [body.files ?? [], ['milestone_file', 'shipment_photo']],
  ];
  for (const [ids, purposes] of groups) {
    const unique = [...new Set(ids)];
    if (!unique.length) continue;
    const found = await ctx.tx
      .select({ id: uploadDirectory.id })
      .from(uploadDirectory)
      .where(
        and(
          inArray(uploadDirectory.id, unique),
          eq(uploadDirectory.ownerId, userId),
          eq(uploadDirectory.transactionId, ctx.row.id),
          inArray(uploadDirectory.purpose, purposes),
        ),
      );
    if (found.length !== unique.length)
      throw new AppError('VALIDATION_ERROR', msg('Every file must be one you uploaded for this transaction'));
  }
}

/** The seller marks a milestone delivered: its inspection window starts (as a one-off trade's at shipment). */
export async function deliverMilestone(
  deps: StepDeps,
  userId: string,
  id: string,
  milestoneId: string,
  body: DeliverMilestoneBody,
) {
  let delivered: MilestoneRow | undefined;
  return runLocked(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'DELIVER_MILESTONE',
    check: async (ctx) => {
      const { milestone } = await milestoneOf(ctx, milestoneId);
      if (milestone.status !== 'PENDING') throw new AppError('CONFLICT', MILESTONE_TEXT.deliverOnlyPending);
      if (body.shipmentData) {
        const issues = courierFieldIssues(body.shipmentData, ctx.row.useCourier);
        if (issues.length)
          throw new AppError(
            'VALIDATION_ERROR',
            issues[0]!.message,
            issues.map((i) => ({ field: `shipmentData.${i.path}`, message: i.message })),
          );
      }
      await checkDeliveryUploads(ctx, userId, body);
    },
    effects: async (ctx) => {
      const { milestone } = await milestoneOf(ctx, milestoneId);
      const shipment = body.shipmentData
        ? { ...body.shipmentData, photos: [...new Set(body.shipmentData.photos)] }
        : null;
      delivered = await moveMilestone(
        ctx.tx,
        milestone,
        'PENDING',
        {
          status: 'DELIVERED',
          deliveredAt: ctx.now,
          deliveryNote: body.note ?? null,
          deliveryShipment: shipment,
          deliveryFiles: [...new Set(body.files ?? [])],
          autoReleaseAt: computeAutoReleaseAt(
            ctx.now,
            shipment?.estimatedDelivery,
            deps.config.INSPECTION_DAYS,
          ),
          autoReleaseReminder48SentAt: null,
          autoReleaseReminder24SentAt: null,
          updatedAt: ctx.now,
        },
        MILESTONE_TEXT.deliverOnlyPending,
      );
    },
    activity: () => ({
      action: 'milestone_delivered',
      description: msg('Milestone {milestone} delivered by the seller'),
      params: { milestone: quotedTitle(delivered!) },
      metadata: { milestoneId, autoReleaseAt: delivered!.autoReleaseAt?.toISOString() ?? null },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, ctx.buyerId, {
        type: 'SHIPPING',
        priority: 'HIGH',
        title: msg('Milestone delivered'),
        message: msg(
          'The seller delivered milestone {milestone} of {trade}. Accept it if all is well; its payment is released to the seller automatically on {date} unless you raise a dispute.',
        ),
        params: {
          milestone: quotedTitle(delivered!),
          trade: quoted(updated),
          date: lagosDate(delivered!.autoReleaseAt!),
        },
        metadata: { milestoneId },
      }),
  });
}

type AcceptAction = 'ACCEPT_MILESTONE' | 'AUTO_ACCEPT_MILESTONE';

/**
 * Accepting a delivered milestone (the buyer, or SYSTEM when its window ran out): DELIVERED → RELEASED
 * and its part of the escrow released at once. The last open milestone resolves the hold with what is
 * left (releaseHold under the transaction's release key) and completes the trade.
 */
export function acceptMilestoneSpec(options: {
  transactionId: string;
  milestoneId: string;
  actor: Actor;
  action: AcceptAction;
}): StepSpec<void> {
  let released: { milestone: MilestoneRow; sellerMinor: number } | undefined;
  return {
    transactionId: options.transactionId,
    actor: options.actor,
    action: options.action,
    check: async (ctx) => {
      const { milestone } = await milestoneOf(ctx, options.milestoneId);
      if (milestone.status !== 'DELIVERED')
        throw new AppError('CONFLICT', MILESTONE_TEXT.acceptOnlyDelivered);
    },
    patch: (ctx) => (ctx.next === 'COMPLETED' ? { paymentStatus: 'RELEASED', completedAt: ctx.now } : {}),
    effects: async (ctx, updated) => {
      const { all, index, milestone } = await milestoneOf(ctx, options.milestoneId);
      const moved = await moveMilestone(
        ctx.tx,
        milestone,
        'DELIVERED',
        { status: 'RELEASED', releasedAt: ctx.now, updatedAt: ctx.now },
        MILESTONE_TEXT.acceptOnlyDelivered,
      );
      const part = milestoneRelease(
        { priceMinor: updated.price, feeMinor: updated.fee, feePayer: updated.feePayer },
        all.map((m) => ({ amountMinor: m.amount })),
        index,
      );
      if (ctx.next === 'COMPLETED') {
        await releaseHold(ctx.tx, {
          transactionId: updated.id,
          sellerId: ctx.sellerId!,
          priceMinor: part.sellerMinor,
          feeMinor: part.platformMinor,
          idempotencyKey: releaseKey(updated.id),
        });
        for (const userId of [ctx.buyerId, ctx.sellerId])
          if (userId) await refreshTrustScore(ctx.tx, userId, ctx.now);
      } else
        await releaseHoldPart(ctx.tx, {
          transactionId: updated.id,
          sellerId: ctx.sellerId!,
          sellerAmountMinor: part.sellerMinor,
          feeMinor: part.platformMinor,
          idempotencyKey: `milestone-release:${milestone.id}`,
          description: `${MILESTONE_RELEASED_TO_SELLER}${milestone.title.slice(0, 80)}`,
        });
      released = { milestone: moved, sellerMinor: part.sellerMinor };
    },
    activity: (ctx, updated) => ({
      action: 'milestone_released',
      description:
        options.action === 'AUTO_ACCEPT_MILESTONE'
          ? msg(
              'Milestone {milestone} accepted automatically after its inspection period; {amount} released to the seller',
            )
          : msg('Milestone {milestone} accepted by {name}; {amount} released to the seller'),
      params: {
        milestone: quotedTitle(released!.milestone),
        amount: money(updated, released!.sellerMinor),
        ...(options.action === 'AUTO_ACCEPT_MILESTONE' ? {} : { name: ctx.actorName }),
      },
      metadata: {
        milestoneId: options.milestoneId,
        amount: released!.sellerMinor / 100,
        currency: updated.currency,
      },
    }),
    notifications: (ctx, updated) => [
      ...noticeFor(ctx, updated, ctx.sellerId, {
        type: 'PAYMENT',
        priority: 'HIGH',
        title: msg('Milestone payment released'),
        message: msg('{amount} for milestone {milestone} of {trade} has been released to your wallet.'),
        params: {
          amount: money(updated, released!.sellerMinor),
          milestone: quotedTitle(released!.milestone),
          trade: quoted(updated),
        },
        metadata: { milestoneId: options.milestoneId },
      }),
      ...(options.action === 'AUTO_ACCEPT_MILESTONE'
        ? noticeFor(ctx, updated, ctx.buyerId, {
            type: 'PAYMENT',
            priority: 'MEDIUM',
            title: msg('Milestone payment released automatically'),
            message: msg(
              'The inspection period of milestone {milestone} ended without a dispute, so its payment was released to the seller.',
            ),
            params: { milestone: quotedTitle(released!.milestone) },
            metadata: { milestoneId: options.milestoneId },
          })
        : []),
      ...(ctx.next === 'COMPLETED' ? rateSellerNotice(ctx, updated) : []),
    ],
  };
}

export function acceptMilestone(deps: StepDeps, userId: string, id: string, milestoneId: string) {
  return runLocked(
    deps,
    acceptMilestoneSpec({
      transactionId: id,
      milestoneId,
      actor: { kind: 'user', userId },
      action: 'ACCEPT_MILESTONE',
    }),
  );
}

/** The buyer extends one delivered milestone's inspection period once, by 1-7 days. */
export async function extendMilestoneInspection(
  deps: StepDeps,
  userId: string,
  id: string,
  milestoneId: string,
  days: number,
) {
  let extended: MilestoneRow | undefined;
  return runLocked(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'EXTEND_MILESTONE_INSPECTION',
    check: async (ctx) => {
      const { milestone } = await milestoneOf(ctx, milestoneId);
      if (milestone.status !== 'DELIVERED' || !milestone.autoReleaseAt)
        throw new AppError('CONFLICT', msg('Only a delivered milestone’s inspection period can be extended'));
      if (milestone.inspectionExtendedAt) throw new AppError('CONFLICT', INSPECTION_TEXT.alreadyExtended);
    },
    effects: async (ctx) => {
      const { milestone } = await milestoneOf(ctx, milestoneId);
      const [row] = await ctx.tx
        .update(transactionMilestones)
        .set({
          autoReleaseAt: extendedAutoReleaseAt(milestone.autoReleaseAt!, days),
          inspectionExtendedAt: ctx.now,
          autoReleaseReminder48SentAt: null,
          autoReleaseReminder24SentAt: null,
          updatedAt: ctx.now,
        })
        .where(
          and(
            eq(transactionMilestones.id, milestone.id),
            eq(transactionMilestones.status, 'DELIVERED'),
            isNull(transactionMilestones.inspectionExtendedAt),
          ),
        )
        .returning();
      if (!row) throw new AppError('CONFLICT', INSPECTION_TEXT.alreadyExtended);
      extended = row;
    },
    activity: () => ({
      action: 'inspection_extended',
      description: msg(
        'Inspection period of milestone {milestone} extended by {days, plural, one {# day} other {# days}}, until {date}',
      ),
      params: { milestone: quotedTitle(extended!), days, date: lagosDate(extended!.autoReleaseAt!) },
      metadata: { milestoneId, days, autoReleaseAt: extended!.autoReleaseAt!.toISOString() },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, ctx.sellerId, {
        type: 'TRANSACTION_UPDATE',
        priority: 'MEDIUM',
        title: INSPECTION_TEXT.extended,
        message: msg(
          'The buyer extended the inspection period of milestone {milestone} by {days, plural, one {# day} other {# days}}. Its payment will be released on {date} unless a dispute is raised.',
        ),
        params: { milestone: quotedTitle(extended!), days, date: lagosDate(extended!.autoReleaseAt!) },
        metadata: { milestoneId },
      }),
  });
}

/**
 * Milestones whose inspection window ran out with the buyer silent are accepted (SYSTEM), one per
 * database transaction, the transaction row locked SKIP LOCKED (never while DISPUTED: only IN_PROGRESS).
 */
export async function autoAcceptDueMilestones(deps: StepDeps, maxJobs = 100): Promise<number> {
  return drainDueJobs(deps, 'automatic milestone acceptance', maxJobs, async (tx, now, skipIds) => {
    const conditions: SQL[] = [
      eq(transactionMilestones.status, 'DELIVERED'),
      lte(transactionMilestones.autoReleaseAt, now),
      eq(transactions.status, 'IN_PROGRESS'),
    ];
    if (skipIds.length) conditions.push(notInArray(transactionMilestones.id, skipIds));
    const [due] = await tx
      .select({ id: transactionMilestones.id, transactionId: transactionMilestones.transactionId })
      .from(transactionMilestones)
      .innerJoin(transactions, eq(transactions.id, transactionMilestones.transactionId))
      .where(and(...conditions))
      .orderBy(asc(transactionMilestones.autoReleaseAt))
      .limit(1)
      .for('update', { of: transactions, skipLocked: true });
    if (!due) return null;
    return {
      id: due.id,
      run: () =>
        executeStep(
          deps,
          tx,
          acceptMilestoneSpec({
            transactionId: due.transactionId,
            milestoneId: due.id,
            actor: { kind: 'system' },
            action: 'AUTO_ACCEPT_MILESTONE',
          }),
        ),
    };
  });
}

const HOUR = 3600_000;

/**
 * Reminds the buyer 48 h and 24 h before a milestone is accepted automatically, once each (a guarded
 * update of its reminder column), in the app and by e-mail, as for a one-off trade's window.
 */
export async function sendMilestoneReminders(deps: StepDeps, maxJobs = 100): Promise<number> {
  let sent = 0;
  for (const hours of [...AUTO_RELEASE_REMINDER_HOURS].sort((a, b) => a - b)) {
    const column =
      hours === 24
        ? transactionMilestones.autoReleaseReminder24SentAt
        : transactionMilestones.autoReleaseReminder48SentAt;
    for (let i = 0; i < maxJobs; i += 1) {
      const now = deps.clock.now();
      const outcome = await deps.db.transaction(async (tx) => {
        const [due] = await tx
          .select({ milestone: transactionMilestones, row: transactions })
          .from(transactionMilestones)
          .innerJoin(transactions, eq(transactions.id, transactionMilestones.transactionId))
          .where(
            and(
              eq(transactionMilestones.status, 'DELIVERED'),
              eq(transactions.status, 'IN_PROGRESS'),
              isNull(column),
              lte(transactionMilestones.autoReleaseAt, new Date(now.getTime() + hours * HOUR)),
              gt(transactionMilestones.autoReleaseAt, now),
            ),
          )
          .orderBy(asc(transactionMilestones.autoReleaseAt))
          .limit(1)
          .for('update', { of: transactionMilestones, skipLocked: true });
        if (!due) return null;
        // A window first seen inside 24 h gets only the 24 h reminder, which stands for the 48 h one.
        await tx
          .update(transactionMilestones)
          .set({
            autoReleaseReminder24SentAt: hours === 24 ? now : due.milestone.autoReleaseReminder24SentAt,
            autoReleaseReminder48SentAt: due.milestone.autoReleaseReminder48SentAt ?? now,
          })
          .where(eq(transactionMilestones.id, due.milestone.id));
        const buyerId = buyerIdOf(due.row);
        if (!buyerId) return { row: due.row, note: null, buyer: undefined };
        const note = await createNotification(tx, {
          userId: buyerId,
          transactionId: due.row.id,
          type: 'TRANSACTION_UPDATE',
          priority: 'HIGH',
          title: msg('Milestone payment will be released in {hours} hours'),
          message: msg(
            'The payment for milestone {milestone} of {trade} will be released to the seller on {date}. Accept it if all is well, or raise a dispute if something is wrong.',
          ),
          params: {
            hours,
            milestone: quotedTitle(due.milestone),
            trade: quoted(due.row),
            date: lagosDate(due.milestone.autoReleaseAt!),
          },
          metadata: {
            milestoneId: due.milestone.id,
            transactionStatus: due.row.status,
            actionRequired: true,
            autoReleaseAt: due.milestone.autoReleaseAt!.toISOString(),
            reminderHours: hours,
          },
        });
        const contacts = await contactsOf(tx, [buyerId]);
        return { row: due.row, note, buyer: contacts.get(buyerId) };
      });
      if (!outcome) break;
      if (!outcome.note) continue;
      sent += 1;
      announceReminder(deps, { ...outcome, note: outcome.note }, hours);
    }
  }
  return sent;
}

/**
 * What a dispute on this transaction acts on (domain/disputes.ts EscrowRemainder): the whole price and
 * fee of a one-off trade; for a milestone trade, the unreleased milestones' price and fee parts.
 */
export async function escrowRemainderOf(db: DbOrTx, row: TransactionRow): Promise<EscrowRemainder> {
  const trade = { priceMinor: row.price, feeMinor: row.fee, feePayer: row.feePayer };
  if (!row.hasMilestones) {
    const whole = tradeAmountsWithFee(row.price, row.fee, row.feePayer);
    return {
      priceMinor: row.price,
      feeMinor: row.fee,
      sellerFeeMinor: whole.sellerFeeMinor,
      buyerFeeMinor: whole.buyerFeeMinor,
      anyReleased: false,
      // A brokered trade (never a milestone one): the broker's commission, pro rata on a partial refund.
      commissionMinor: row.commission,
    };
  }
  const all = await loadMilestones(db, row.id);
  const open = all.flatMap((m, i) => (m.status === 'PENDING' || m.status === 'DELIVERED' ? [i] : []));
  return {
    ...unreleasedRemainder(
      trade,
      all.map((m) => ({ amountMinor: m.amount })),
      open,
    ),
    anyReleased: all.some((m) => m.status === 'RELEASED'),
  };
}

/**
 * A dispute's settlement ends a milestone trade's open milestones with it: released (RELEASE_PAYMENT) or
 * settled by the refund (REFUND_FULL, REFUND_PARTIAL). NO_ACTION gives the delivered ones a fresh
 * inspection window instead, as a one-off trade's (docs/disputes.md).
 */
export async function settleOpenMilestones(
  tx: Tx,
  transactionId: string,
  outcome: 'RELEASED' | 'REFUNDED' | 'NO_ACTION',
  now: Date,
  inspectionDays: number,
): Promise<void> {
  const open = inArray(transactionMilestones.status, ['PENDING', 'DELIVERED']);
  const mine = eq(transactionMilestones.transactionId, transactionId);
  if (outcome === 'NO_ACTION') {
    await tx
      .update(transactionMilestones)
      .set({
        autoReleaseAt: restartedAutoReleaseAt(now, inspectionDays),
        autoReleaseReminder48SentAt: null,
        autoReleaseReminder24SentAt: null,
        updatedAt: now,
      })
      .where(and(mine, eq(transactionMilestones.status, 'DELIVERED')));
    return;
  }
  await tx
    .update(transactionMilestones)
    .set(
      outcome === 'RELEASED'
        ? { status: 'RELEASED', releasedAt: now, updatedAt: now }
        : { status: 'REFUNDED', refundedAt: now, updatedAt: now },
    )
    .where(and(mine, open));
}
