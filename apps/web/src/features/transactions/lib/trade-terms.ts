import { TRANSACTION_FEE_PERCENT, type FeePayer } from '@escrow/shared/domain/fees';
import type { TransitionFacts } from '@escrow/shared/domain/transaction-machine';
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

/** What the buyer's payment is made of, beside the amount to pay. */
export const AMOUNT_TO_PAY_LABELS: Record<FeePayer, string> = {
  BUYER: `Amount to pay (price + ${TRANSACTION_FEE_PERCENT}% fee)`,
  SELLER: 'Amount to pay (price; the seller pays the fee)',
  SPLIT: 'Amount to pay (price + half the fee)',
};

/** When the money held leaves escrow for the seller, in the buyer's words. */
export const releaseCondition = (tx: Pick<Transaction, 'shippingType' | 'milestones'>) =>
  tx.shippingType === 'IN_PERSON'
    ? 'when you give the seller your release code'
    : tx.milestones.length
      ? 'one milestone at a time, as you accept each'
      : 'after you confirm receipt';
