import { and, eq, inArray } from 'drizzle-orm';
import {
  DISPUTE_TEXT,
  remainderSplit,
  restartedAutoReleaseAt,
  type EscrowRemainder,
  type ResolutionAction,
} from '@escrow/shared/domain/disputes';
import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import type { TransactionAction } from '@escrow/shared/domain/transaction-machine';
import type { Tx } from '../../db/client.ts';
import { disputes, type DisputeRow } from '../../db/schema/disputes.ts';
import { AppError } from '../../lib/errors.ts';
import type { MessageParams } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { DISPUTE_CANCELLATION_PREFIX } from '@escrow/shared/texts/transactions';
import { refundHold, releaseHold } from '../ledger/index.ts';
import { refreshTrustScore } from '../trust/index.ts';
import { recordDisputeResolvedCondition } from '../payment-conditions/index.ts';
import {
  providerFundingOf,
  providerRefundsOf,
  recordProviderRefund,
  sendProviderRefund,
} from '../payments/index.ts';
import {
  escrowRemainderOf,
  executeStep,
  findTransactionRow,
  noticeFor,
  payCommission,
  rateSellerNotice,
  releaseKey,
  settleOpenMilestones,
  type StepResult,
  type TransactionRow,
} from '../transactions/index.ts';
import type { DisputesDeps } from './disputes.deps.ts';
import { insertMessage } from './disputes.repository.ts';

const STEP_OF: Record<ResolutionAction, TransactionAction> = {
  REFUND_FULL: 'RESOLVE_REFUND',
  REFUND_PARTIAL: 'RESOLVE_PARTIAL',
  RELEASE_PAYMENT: 'RESOLVE_RELEASE',
  NO_ACTION: 'RESOLVE_NO_ACTION',
};

export const refundKey = (transactionId: string) => `escrow-refund:${transactionId}`;

const money = (t: TransactionRow, minor: number) => formatMoney(toMajor(minor), t.currency);

/**
 * Where the money still held goes (`remainder`: the whole trade, or a milestone trade's unreleased
 * part), as values for a message's `{split, select, …}` fragment ('Buyer receives ₦X · Seller receives
 * ₦Y · Platform keeps ₦Z', or what NO_ACTION means), written in its reader's language: {split} 'none'
 * (no money moves), 'broker' (a brokered trade's split) or 'plain', with {buyer}, {seller}, {broker}
 * and {platform} the amounts (formatted).
 */
export function movementsParams(
  action: ResolutionAction,
  t: TransactionRow,
  remainder: EscrowRemainder,
  buyerShareMinor: number | null,
): MessageParams {
  const split = remainderSplit(action, remainder, buyerShareMinor);
  if (!split) return { split: 'none', buyer: '', seller: '', broker: '', platform: '' };
  return {
    split: split.broker === undefined ? 'plain' : 'broker',
    buyer: money(t, split.buyer),
    seller: money(t, split.seller),
    broker: split.broker === undefined ? '' : money(t, split.broker),
    platform: money(t, split.platform),
  };
}

/**
 * After the settlement committed: asks the provider to pay the buyer's refund back (the sandbox does at
 * once). Whatever happens, the resolution stands: a refund not paid now is retried by the scheduler.
 */
export async function payRefundsBack(deps: DisputesDeps, transactionId: string): Promise<void> {
  try {
    for (const refund of await providerRefundsOf(deps, [transactionId]))
      if (refund.status === 'PENDING') await sendProviderRefund(deps, refund.id);
  } catch (error) {
    deps.log.error({ err: error, transactionId }, 'provider refund not sent; the scheduler retries it');
  }
}

export type Settlement = {
  dispute: DisputeRow;
  action: ResolutionAction;
  buyerShareMinor: number | null;
  /** The reason the parties see (resolutionNotes). */
  reason: string;
  /** The name of the party who accepted the proposal, or null when support decided. */
  acceptedBy: string | null;
};

/**
 * Executes one resolution, inside the caller's database transaction, with the dispute row already locked:
 * the transaction step (status, money through the ledger, its DISPUTE_RESOLVED condition, activity,
 * notifications), the dispute → RESOLVED (guarded: only from OPEN or IN_REVIEW), and a SYSTEM message.
 * The buyer's share of a refund goes back the way the money came (docs/money.md "Refunds"): a wallet
 * payment to the wallet; a card or bank-transfer payment to the refund clearing account, with a PENDING
 * provider refund recorded in the same transaction and sent after commit (payRefundsBack).
 * The escrow hold is resolved by the ledger at most once; a second resolution gets 409.
 */
export async function settle(
  deps: Pick<DisputesDeps, 'clock' | 'config'>,
  tx: Tx,
  settlement: Settlement,
): Promise<{ step: StepResult<void>; dispute: DisputeRow }> {
  const { dispute, action, buyerShareMinor, reason, acceptedBy } = settlement;
  const howParams = { decided: acceptedBy === null ? 'support' : 'party', name: acceptedBy ?? '' };
  // The transaction is DISPUTED (no milestone step can run), so what is held cannot change under us.
  const disputedRow = await findTransactionRow(tx, dispute.transactionId);
  const remainder = await escrowRemainderOf(tx, disputedRow!);
  const step = await executeStep(deps, tx, {
    transactionId: dispute.transactionId,
    actor: { kind: 'system' },
    action: STEP_OF[action],
    facts: { statusBeforeDispute: dispute.statusBeforeDispute },
    patch: (ctx) => {
      switch (action) {
        case 'REFUND_FULL':
          // After a milestone was released the trade happened in part: it completes, partly refunded.
          return ctx.next === 'COMPLETED'
            ? { paymentStatus: 'PARTIALLY_REFUNDED', completedAt: ctx.now }
            : {
                paymentStatus: 'REFUNDED',
                cancelledAt: ctx.now,
                cancellationReason: `${DISPUTE_CANCELLATION_PREFIX}${reason}`,
              };
        case 'REFUND_PARTIAL':
          return { paymentStatus: 'PARTIALLY_REFUNDED', completedAt: ctx.now };
        case 'RELEASE_PAYMENT':
          return { paymentStatus: 'RELEASED', completedAt: ctx.now };
        case 'NO_ACTION':
          // Back to where it was; a buyer still inspecting gets the inspection period again.
          return dispute.statusBeforeDispute === 'WAITING_FOR_BUYER_CONFIRMATION'
            ? {
                autoReleaseAt: restartedAutoReleaseAt(ctx.now, deps.config.INSPECTION_DAYS),
                autoReleaseReminder48SentAt: null,
                autoReleaseReminder24SentAt: null,
              }
            : {};
      }
    },
    effects: async (ctx, updated) => {
      const split = remainderSplit(action, remainder, buyerShareMinor);
      // A brokered trade's broker part goes first; the resolution below takes what is left of the hold.
      if (split?.broker) await payCommission(ctx.tx, updated, split.broker);
      if (split && action === 'RELEASE_PAYMENT')
        await releaseHold(ctx.tx, {
          transactionId: updated.id,
          sellerId: ctx.sellerId!,
          priceMinor: split.seller,
          feeMinor: split.platform,
          idempotencyKey: releaseKey(updated.id),
        });
      else if (split) {
        const funding = split.buyer > 0 ? await providerFundingOf(ctx.tx, updated) : null;
        const refunded = await refundHold(ctx.tx, {
          transactionId: updated.id,
          buyerAmountMinor: split.buyer,
          sellerAmountMinor: split.seller,
          feeMinor: split.platform,
          sellerId: ctx.sellerId!,
          idempotencyKey: refundKey(updated.id),
          buyerRefundTo: funding ? 'provider' : 'wallet',
          currency: updated.currency,
        });
        if (funding)
          await recordProviderRefund(ctx.tx, {
            idempotencyKey: refundKey(updated.id),
            transactionId: updated.id,
            buyerId: ctx.buyerId!,
            funding,
            amountMinor: split.buyer,
            currency: updated.currency,
            entryId: refunded.entryId,
            now: ctx.now,
          });
      }
      if (updated.hasMilestones)
        await settleOpenMilestones(
          ctx.tx,
          updated.id,
          action === 'NO_ACTION' ? 'NO_ACTION' : action === 'RELEASE_PAYMENT' ? 'RELEASED' : 'REFUNDED',
          ctx.now,
          deps.config.INSPECTION_DAYS,
        );
      await recordDisputeResolvedCondition(ctx.tx, {
        transactionId: updated.id,
        disputeId: dispute.id,
        resolution: action,
        now: ctx.now,
      });
    },
    activity: (_ctx, updated) => ({
      action: 'dispute_resolved',
      description: msg(
        'Dispute resolved ({decided, select, support {decided by support} other {accepted by {name}}}): {resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}. {split, select, none {No money moves; the transaction continues where it was.} broker {Buyer receives {buyer} · Seller receives {seller} · Broker receives {broker} · Platform keeps {platform}} other {Buyer receives {buyer} · Seller receives {seller} · Platform keeps {platform}}}',
      ),
      params: {
        ...howParams,
        resolution: action,
        ...movementsParams(action, updated, remainder, buyerShareMinor),
      },
      metadata: {
        disputeId: dispute.id,
        resolution: action,
        amount: toMajor(updated.price),
        currency: updated.currency,
      },
    }),
    notifications: (ctx, updated) => [
      ...[ctx.buyerId, ctx.sellerId].flatMap((recipient) =>
        noticeFor(ctx, updated, recipient, {
          type: 'DISPUTE',
          priority: 'HIGH',
          title: msg('Dispute resolved'),
          message: msg(
            '{resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}} ({decided, select, support {decided by support} other {accepted by {name}}}). {split, select, none {No money moves; the transaction continues where it was.} broker {Buyer receives {buyer} · Seller receives {seller} · Broker receives {broker} · Platform keeps {platform}} other {Buyer receives {buyer} · Seller receives {seller} · Platform keeps {platform}}}',
          ),
          params: {
            ...howParams,
            resolution: action,
            ...movementsParams(action, updated, remainder, buyerShareMinor),
          },
          metadata: { disputeId: dispute.id },
        }),
      ),
      // A settlement that moved the money ends the trade, which the buyer can then rate.
      ...(action === 'NO_ACTION' ? [] : rateSellerNotice(ctx, updated)),
    ],
  });
  const now = deps.clock.now();
  const [resolved] = await tx
    .update(disputes)
    .set({ status: 'RESOLVED', resolution: action, resolutionNotes: reason, resolvedAt: now, updatedAt: now })
    .where(and(eq(disputes.id, dispute.id), inArray(disputes.status, ['OPEN', 'IN_REVIEW'])))
    .returning();
  if (!resolved) throw new AppError('CONFLICT', DISPUTE_TEXT.alreadyDecided);
  await insertMessage(tx, {
    disputeId: dispute.id,
    senderId: null,
    content: msg(
      'Resolved ({decided, select, support {decided by support} other {accepted by {name}}}): {resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}. {split, select, none {No money moves; the transaction continues where it was.} broker {Buyer receives {buyer} · Seller receives {seller} · Broker receives {broker} · Platform keeps {platform}} other {Buyer receives {buyer} · Seller receives {seller} · Platform keeps {platform}}} Reason: {reason}',
    ),
    params: {
      ...howParams,
      resolution: action,
      ...movementsParams(action, step.record.row, remainder, buyerShareMinor),
      reason,
    },
    at: now,
  });
  // A completed trade and a dispute decided against a party both move the parties' trust scores.
  const row = step.record.row;
  for (const userId of [row.creatorId, row.counterpartyId])
    if (userId) await refreshTrustScore(tx, userId, now);
  return { step, dispute: resolved };
}
