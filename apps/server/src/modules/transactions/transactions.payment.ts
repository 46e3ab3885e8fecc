import type { TransactionsDeps } from './transactions.deps.ts';
import { eq } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import { decide } from '@escrow/shared/domain/transaction-machine';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import type { PaymentIntent } from '@escrow/shared/schemas/transactions';
import { transactions, type TransactionRow } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../../lib/errors.ts';
import { holdFromWallet } from '../ledger/index.ts';
import {
  confirmProviderPayment,
  consumeEscrowIntent,
  createPaymentIntent,
  creditUnspentEscrowIntents,
} from '../payments/index.ts';
import { findTransactionRow } from './transactions.repository.ts';
import { money, noticeFor, quoted } from './transactions.notifications.ts';
import { runStep, transactionNotFound } from './transactions.steps.ts';

const INVALID_REFERENCE = msg('Invalid or already used payment reference');

/** Membership (404), then the PAY rule for the current status (403/409), without writing anything. */
async function payableFor(deps: TransactionsDeps, userId: string, id: string): Promise<TransactionRow> {
  const row = await findTransactionRow(deps.db, id);
  const role = row ? viewerRoleOf(row, userId) : null;
  if (!row || !role) throw transactionNotFound();
  const decision = decide(row.status, 'PAY', role, {
    useCourier: row.useCourier,
    hasCounterparty: row.counterpartyId !== null,
    hasDeliveryDetails: row.deliveryDetails !== null,
    shippingType: row.shippingType,
    hasMilestones: row.hasMilestones,
  });
  if (!decision.ok) throw new AppError(decision.code, decision.reason, undefined, undefined, decision.params);
  return row;
}

/**
 * Issues a single-use provider reference for this transaction, buyer and total (card or bank
 * transfer). Paystack also answers a checkout URL; the sandbox confirms the reference at once.
 */
export async function createTransactionPaymentIntent(
  deps: TransactionsDeps,
  user: { id: string; email: string },
  id: string,
  method: 'BANK_TRANSFER' | 'CARD',
): Promise<PaymentIntent> {
  const row = await payableFor(deps, user.id, id);
  const intent = await createPaymentIntent(deps, {
    userId: user.id,
    email: user.email,
    purpose: 'ESCROW',
    transactionId: id,
    amountMinor: row.total,
    currency: row.currency,
    method,
  });
  return { ...intent, amount: toMajor(row.total), currency: row.currency, paymentMethod: method };
}

/**
 * The buyer pays the TOTAL into escrow: from the wallet (a ledger hold), or with a reference issued by
 * payment-intent that the provider has confirmed (checked here, outside the database transaction).
 * A typed, foreign or reused reference is refused.
 */
export async function confirmPayment(
  deps: TransactionsDeps,
  userId: string,
  id: string,
  input: { paymentMethod: 'WALLET' | 'BANK_TRANSFER' | 'CARD'; paymentReference?: string },
) {
  await payableFor(deps, userId, id);
  const method = input.paymentMethod;
  const reference = method === 'WALLET' ? null : input.paymentReference!;
  if (reference) {
    const { status, intent } = await confirmProviderPayment(deps, reference);
    if (!intent || intent.userId !== userId || intent.transactionId !== id || intent.purpose !== 'ESCROW')
      throw new AppError('UNPROCESSABLE', INVALID_REFERENCE);
    if (intent.consumedAt) throw new AppError('UNPROCESSABLE', INVALID_REFERENCE);
    if (status === 'pending')
      throw new AppError('UNPROCESSABLE', msg('The payment has not been confirmed by the provider yet'));
    if (status === 'failed') throw new AppError('UNPROCESSABLE', msg('The payment was not successful'));
  }
  return runStep(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'PAY',
    patch: (ctx) => ({
      paymentStatus: 'COMPLETED',
      paymentMethod: method,
      paymentReference: reference,
      paidAt: ctx.now,
    }),
    effects: async (ctx, updated) => {
      if (method === 'WALLET') {
        const hold = await holdFromWallet(ctx.tx, {
          transactionId: updated.id,
          buyerId: userId,
          sellerId: ctx.sellerId,
          currency: updated.currency,
          amountMinor: updated.total,
          idempotencyKey: `escrow-hold:${updated.id}`,
        });
        // The wallet payment's reference is its ledger entry, shown to both parties.
        await ctx.tx
          .update(transactions)
          .set({ paymentReference: `wallet:${hold.entryId}` })
          .where(eq(transactions.id, updated.id));
        updated.paymentReference = `wallet:${hold.entryId}`;
      } else {
        await consumeEscrowIntent(ctx.tx, {
          reference: reference!,
          userId,
          sellerId: ctx.sellerId,
          transactionId: updated.id,
          amountMinor: updated.total,
          currency: updated.currency,
          at: ctx.now,
        });
      }
      // Any other provider payment already collected for this transaction can no longer be used.
      await creditUnspentEscrowIntents(ctx.tx, updated.id, ctx.now);
    },
    activity: (ctx, updated) => ({
      action: 'payment_made',
      description: msg('{name} paid {amount} into escrow'),
      params: { name: ctx.actorName, amount: money(updated, updated.total) },
      metadata: {
        amount: toMajor(updated.total),
        currency: updated.currency,
        paymentMethod: method,
        paymentReference: updated.paymentReference,
      },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, ctx.sellerId, {
        type: 'PAYMENT',
        priority: 'HIGH',
        title: msg('Payment secured in escrow'),
        message: msg('The buyer paid {amount} for {trade}. Please ship the item.'),
        params: { amount: money(updated, updated.total), trade: quoted(updated) },
      }),
  });
}
