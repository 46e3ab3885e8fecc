import { nextActionFor } from '@escrow/shared/domain/transaction-labels';
import { feeShares } from '@escrow/shared/domain/fees';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import { msg } from '@escrow/shared/i18n/msg';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { t } from '../../../lib/i18n';

/**
 * A brokered trade (partner API role BROKER, docs/partner-api.md "Role BROKER"): a marketplace, the
 * broker, arranged it between an invited buyer and an invited seller, for a commission taken from what
 * the seller receives. The view carries `brokerId`, `brokerName` and `commission` only on such trades.
 */
export const isBrokered = (tx: Pick<Transaction, 'brokerId'>): boolean => tx.brokerId !== undefined;

/**
 * The broker only watches (read only in the app): its `viewerRole` falls back to BUYER, so every screen
 * must check this before offering a step.
 */
export const viewerIsBroker = (tx: Pick<Transaction, 'viewerIsBroker'>): boolean =>
  tx.viewerIsBroker === true;

/** The broker's name as shown; a broker whose name is unknown is 'the broker' (in the screen's language). */
export const brokerNameOf = (tx: Pick<Transaction, 'brokerName'>): string =>
  tx.brokerName?.trim() || t('the broker');

/**
 * What the seller's amount is made of, in major units: the price less their share of the fee and the
 * broker's commission (what the server already deducted in `sellerReceives`). Kobo arithmetic.
 */
export function sellerDeductions(tx: Pick<Transaction, 'fee' | 'feePayer' | 'commission'>): {
  sellerFee: number;
  commission: number;
} {
  const { sellerFeeMinor } = feeShares(toMinor(tx.fee) ?? 0, tx.feePayer);
  return { sellerFee: toMajor(sellerFeeMinor), commission: tx.commission ?? 0 };
}

/**
 * The note the broker reads on the details page (it takes no step in the app). English ids, shown with
 * t(); `cancel` names an endpoint whose `{id}` would read as a placeholder, so the screen shows
 * `t(BROKER_NOTE.cancelMessage, { endpoint: BROKER_NOTE.cancelEndpoint })` (the same English text).
 */
export const BROKER_NOTE = {
  title: msg('You are the broker of this transaction.'),
  body: msg('You follow it here read only: the buyer pays and the seller delivers in their own accounts.'),
  cancel:
    'You can cancel it before it is paid through the partner API (POST /api/partner/v1/transactions/{id}/cancel), not here.',
  cancelMessage: msg('You can cancel it before it is paid through the partner API ({endpoint}), not here.'),
  cancelEndpoint: 'POST /api/partner/v1/transactions/{id}/cancel',
} as const;

/**
 * Who a brokered trade still waits for while PENDING (each party joins through their own invitation).
 * An English id, like the shared table's labels: the screen shows it with t().
 */
export function brokeredJoinLabel(tx: Pick<Transaction, 'buyerId' | 'sellerId'>): string {
  if (!tx.buyerId && !tx.sellerId) return msg('Waiting for the buyer and the seller to join');
  return tx.sellerId ? msg('Waiting for Buyer to Join') : msg('Waiting for Seller to Join');
}

/**
 * What the broker reads in the status panel: whose turn it is, never a step of its own (the labels of
 * the shared table as the party not acting reads them). An English id: the screen shows it with t().
 */
export function brokerStatusText(tx: Transaction): string {
  if (tx.status === 'PENDING') return brokeredJoinLabel(tx);
  if (tx.status === 'WAITING_FOR_HANDOVER')
    return msg('Waiting for the handover: the seller enters the buyer’s release code');
  const asSeller = nextActionFor(tx, 'SELLER');
  return asSeller.kind === 'action' ? nextActionFor(tx, 'BUYER').label : asSeller.label;
}
