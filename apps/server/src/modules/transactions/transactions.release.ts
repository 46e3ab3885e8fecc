import type { StepDeps } from './transactions.deps.ts';
import { brokeredTradeAmounts } from '@escrow/shared/domain/commission';
import { toMajor } from '@escrow/shared/domain/money';
import { msg } from '@escrow/shared/i18n/msg';
import type { Tx } from '../../db/client.ts';
import type { MessageParams } from '../../lib/i18n.ts';
import type { TransactionRow } from '../../db/schema/transactions.ts';
import { refreshTrustScore } from '../trust/index.ts';
import { payBrokerCommission, releaseHold } from '../ledger/index.ts';
import { money, noticeFor, quoted, rateSellerNotice } from './transactions.notifications.ts';
import { runStep, type StepContext, type StepSpec } from './transactions.steps.ts';

/** Every release path posts under this key, so a transaction's escrow is released at most once. */
export const releaseKey = (transactionId: string) => `escrow-release:${transactionId}`;

export type ReleaseAction =
  'CONFIRM_RECEIPT' | 'CONFIRM_HANDOVER' | 'MANUAL_RELEASE' | 'TIME_RELEASE' | 'AUTO_RELEASE';

/** Every release of a brokered trade pays the broker's commission under this key, so at most once. */
export const commissionKey = (transactionId: string) => `broker-commission:${transactionId}`;

/** What the seller gets on a full release: the price less their share of the fee and any commission. */
export const sellerReceivesMinor = (t: {
  price: number;
  fee: number;
  feePayer: TransactionRow['feePayer'];
  commission: number;
}) => brokeredTradeAmounts(t.price, t.fee, t.feePayer, t.commission).sellerReceivesMinor;

/**
 * A brokered trade's broker part, escrow → the broker's wallet, before the release or refund that
 * resolves the hold with what is left (ledger payBrokerCommission). Nothing for other trades.
 */
export async function payCommission(tx: Tx, row: TransactionRow, amountMinor: number) {
  if (!row.brokerId || amountMinor <= 0) return;
  await payBrokerCommission(tx, {
    transactionId: row.id,
    brokerId: row.brokerId,
    amountMinor,
    idempotencyKey: commissionKey(row.id),
  });
}

/** An activity's text: a message id (msg('…'), ICU), with its values when it has placeholders. */
export type ActivityText = string | { description: string; params?: MessageParams };

type ReleaseOptions = {
  transactionId: string;
  action: ReleaseAction;
  /** null for the scheduler (SYSTEM). */
  userId: string | null;
  description: (ctx: StepContext) => ActivityText;
  metadata?: Record<string, unknown>;
  /** Rows of the caller written in the same transaction (e.g. marking a payment condition met). */
  extra?: (tx: Tx, ctx: StepContext) => Promise<void>;
};

/**
 * The one release step: WAITING_FOR_BUYER_CONFIRMATION (or WAITING_FOR_HANDOVER) → COMPLETED, escrow →
 * the price less the seller's fee share (and a brokered trade's commission, to the broker) to the
 * seller's wallet and the whole fee to platform revenue, paymentStatus RELEASED. DISPUTED and every other status refuse
 * (the state machine), so nothing releases while a dispute is open.
 */
export function releaseSpec(options: ReleaseOptions): StepSpec<void> {
  return {
    transactionId: options.transactionId,
    actor: options.userId ? { kind: 'user', userId: options.userId } : { kind: 'system' },
    action: options.action,
    patch: (ctx) => ({ paymentStatus: 'RELEASED', completedAt: ctx.now }),
    effects: async (ctx, updated) => {
      await payCommission(ctx.tx, updated, updated.commission);
      await releaseHold(ctx.tx, {
        transactionId: updated.id,
        sellerId: ctx.sellerId!,
        priceMinor: sellerReceivesMinor(updated),
        feeMinor: updated.fee,
        idempotencyKey: releaseKey(updated.id),
      });
      await options.extra?.(ctx.tx, ctx);
      // A completed trade counts toward both parties' trust scores.
      for (const userId of [ctx.buyerId, ctx.sellerId])
        if (userId) await refreshTrustScore(ctx.tx, userId, ctx.now);
    },
    activity: (ctx, updated) => ({
      action: options.action === 'CONFIRM_RECEIPT' ? 'receipt_confirmed' : 'funds_released',
      ...activityText(options.description(ctx)),
      metadata: {
        amount: toMajor(sellerReceivesMinor(updated)),
        currency: updated.currency,
        ...options.metadata,
      },
    }),
    notifications: (ctx, updated) => [
      ...noticeFor(ctx, updated, ctx.sellerId, {
        type: 'PAYMENT',
        priority: 'HIGH',
        title: msg('Funds released'),
        message: msg('{amount} for {trade} has been released to your wallet.'),
        params: { amount: money(updated, sellerReceivesMinor(updated)), trade: quoted(updated) },
      }),
      ...rateSellerNotice(ctx, updated),
      // The buyer did not act on a time-based release: tell them it happened.
      ...(options.action === 'TIME_RELEASE'
        ? noticeFor(ctx, updated, ctx.buyerId, {
            type: 'PAYMENT',
            priority: 'MEDIUM',
            title: msg('Payment released automatically'),
            message: msg('Your scheduled release for {trade} has been carried out.'),
            params: { trade: quoted(updated) },
          })
        : []),
      ...(options.action === 'AUTO_RELEASE'
        ? noticeFor(ctx, updated, ctx.buyerId, {
            type: 'PAYMENT',
            priority: 'MEDIUM',
            title: msg('Payment released automatically'),
            message: msg(
              'The inspection period for {trade} ended without a dispute, so the payment was released to the seller.',
            ),
            params: { trade: quoted(updated) },
          })
        : []),
    ],
  };
}

const activityText = (text: ActivityText) => (typeof text === 'string' ? { description: text } : text);

export function releaseEscrow(deps: StepDeps, options: ReleaseOptions) {
  return runStep(deps, releaseSpec(options));
}
