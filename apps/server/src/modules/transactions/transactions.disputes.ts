import type { FastifyInstance } from 'fastify';
import { toMajor } from '@escrow/shared/domain/money';
import type { Tx } from '../../db/client.ts';
import { refundHold, releaseHold } from '../ledger/ledger.service.ts';
import { money, noticeFor, otherPartyOf, quoted } from './transactions.notices.ts';
import { releaseKey } from './transactions.release.ts';
import { runStep, type StepContext } from './transactions.steps.ts';

/**
 * A party raises a dispute between payment and completion: the transaction becomes DISPUTED, which
 * freezes every release path until a resolution. The disputes module passes `extra` to write its own
 * rows (the dispute) in the same database transaction.
 */
export async function raiseDispute(
  app: FastifyInstance,
  input: {
    transactionId: string;
    userId: string;
    reason: string;
    extra?: (tx: Tx, ctx: StepContext) => Promise<void>;
  },
) {
  return runStep(app, {
    transactionId: input.transactionId,
    actor: { kind: 'user', userId: input.userId },
    action: 'RAISE_DISPUTE',
    patch: (ctx) => ({ disputedAt: ctx.now }),
    effects: async (ctx) => input.extra?.(ctx.tx, ctx),
    activity: (ctx) => ({
      action: 'dispute_raised',
      description: `Dispute raised by ${ctx.actorName}: ${input.reason}`,
      metadata: { reason: input.reason },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, otherPartyOf(ctx, updated), {
        type: 'DISPUTE',
        priority: 'URGENT',
        title: 'Dispute raised',
        message: `${ctx.actorName} raised a dispute on ${quoted(updated)}. Payment release is on hold while support reviews it.`,
      }),
  });
}

export type DisputeOutcome =
  | { kind: 'RELEASE' }
  /** REFUND_FULL: buyer = total, seller 0, fee 0. REFUND_PARTIAL: buyer + seller = price, fee kept. */
  | { kind: 'REFUND'; buyerAmountMinor: number; sellerAmountMinor: number; feeMinor: number };

/**
 * Ends a dispute (SYSTEM actor on behalf of staff): RELEASE → COMPLETED with the escrow released;
 * REFUND → CANCELLED with paymentStatus REFUNDED. Each hold is resolved exactly once by the ledger.
 */
export async function resolveDispute(
  app: FastifyInstance,
  input: {
    transactionId: string;
    outcome: DisputeOutcome;
    note: string;
    extra?: (tx: Tx, ctx: StepContext) => Promise<void>;
  },
) {
  const { outcome } = input;
  const release = outcome.kind === 'RELEASE';
  return runStep(app, {
    transactionId: input.transactionId,
    actor: { kind: 'system' },
    action: release ? 'RESOLVE_RELEASE' : 'RESOLVE_REFUND',
    patch: (ctx) =>
      release
        ? { paymentStatus: 'RELEASED', completedAt: ctx.now }
        : { paymentStatus: 'REFUNDED', cancelledAt: ctx.now, cancellationReason: input.note },
    effects: async (ctx, updated) => {
      if (outcome.kind === 'RELEASE')
        await releaseHold(ctx.tx, {
          transactionId: updated.id,
          sellerId: ctx.sellerId!,
          priceMinor: updated.price,
          feeMinor: updated.fee,
          idempotencyKey: releaseKey(updated.id),
        });
      else
        await refundHold(ctx.tx, {
          transactionId: updated.id,
          buyerAmountMinor: outcome.buyerAmountMinor,
          sellerAmountMinor: outcome.sellerAmountMinor,
          feeMinor: outcome.feeMinor,
          sellerId: ctx.sellerId ?? undefined,
          idempotencyKey: `escrow-refund:${updated.id}`,
        });
      await input.extra?.(ctx.tx, ctx);
    },
    activity: (_ctx, updated) => ({
      action: 'dispute_resolved',
      description: release
        ? `Dispute resolved: funds released to the seller. ${input.note}`
        : `Dispute resolved: refund to the buyer. ${input.note}`,
      metadata: {
        amount: toMajor(release ? updated.price : (outcome as { buyerAmountMinor: number }).buyerAmountMinor),
        currency: updated.currency,
      },
    }),
    notifications: (ctx, updated) =>
      [ctx.buyerId, ctx.sellerId].flatMap((to) =>
        noticeFor(ctx, updated, to, {
          type: 'DISPUTE',
          priority: 'HIGH',
          title: 'Dispute resolved',
          message: release
            ? `The dispute on ${quoted(updated)} was resolved: ${money(updated, updated.price)} released to the seller.`
            : `The dispute on ${quoted(updated)} was resolved with a refund to the buyer.`,
        }),
      ),
  });
}
