import type { FeePayer } from '@escrow/shared/domain/fees';
import type { TransitionFacts } from '@escrow/shared/domain/transaction-machine';
import { msg } from '@escrow/shared/i18n/msg';
import type { Transaction } from '@escrow/shared/schemas/transactions';

/** The facts the shared transition table reads, from a transaction view (as the server builds them). */
export function transitionFacts(tx: Transaction): TransitionFacts {
  return {
    useCourier: tx.useCourier,
    hasCounterparty: tx.counterpartyId !== null,
    hasDeliveryDetails: tx.deliveryDetails !== null,
    shippingType: tx.shippingType,
    hasMilestones: tx.milestones.length > 0,
    anyReleased: tx.milestones.some((m) => m.status === 'RELEASED'),
    anyDelivered: tx.milestones.some((m) => m.status !== 'PENDING'),
  };
}

/**
 * What the buyer's payment is made of, beside the amount to pay. English ids, shown with t(); a message
 * is a literal text, so the percentage is written out: change it with TRANSACTION_FEE_PERCENT.
 */
export const AMOUNT_TO_PAY_LABELS: Record<FeePayer, string> = {
  BUYER: msg('Amount to pay (price + 2.5% fee)'),
  SELLER: msg('Amount to pay (price; the seller pays the fee)'),
  SPLIT: msg('Amount to pay (price + half the fee)'),
};

/**
 * When the money held leaves escrow for the seller, in the buyer's words (English; a part of the sentence
 * of `paymentHeldText`, which is what a screen shows).
 */
export const releaseCondition = (tx: Pick<Transaction, 'shippingType' | 'milestones'>) =>
  tx.shippingType === 'IN_PERSON'
    ? 'when you give the seller your release code'
    : tx.milestones.length
      ? 'one milestone at a time, as you accept each'
      : 'after you confirm receipt';

/**
 * 'Your payment is held in escrow and released to the seller only {releaseCondition}.' as one whole
 * sentence per condition: an English id, shown with t().
 */
export const paymentHeldText = (tx: Pick<Transaction, 'shippingType' | 'milestones'>) =>
  tx.shippingType === 'IN_PERSON'
    ? msg(
        'Your payment is held in escrow and released to the seller only when you give the seller your release code.',
      )
    : tx.milestones.length
      ? msg(
          'Your payment is held in escrow and released to the seller only one milestone at a time, as you accept each.',
        )
      : msg('Your payment is held in escrow and released to the seller only after you confirm receipt.');
