/**
 * What the screens show for a transaction, derived from the stored status (docs/product.md "The lifecycle
 * of a transaction"): next action by status and role, list labels, dashboard filters, payment-condition
 * controls. Pure, shared by the web app (labels, button visibility) and the server (notification texts).
 */
import {
  CONDITION_EDIT_STATUSES,
  MANUAL_RELEASE_STATUSES,
  PAYMENT_CONDITIONS_LOCKED_TEXT,
  oppositeRole,
  type PartyRole,
  type TransactionAction,
  type TransactionStatus,
} from './transaction-machine.ts';
import { msg } from '../i18n/msg.ts';

export type TransactionView = {
  status: TransactionStatus;
  useCourier: boolean;
  creatorRole: PartyRole;
};

/** The next actions; each opens one dialog and performs one machine action. */
export const NEXT_ACTIONS = {
  proceed_to_fill_shipping_details: {
    dialog: msg('Provide Delivery Details'),
    machine: 'PROVIDE_DELIVERY_DETAILS',
  },
  provide_delivery_details: { dialog: msg('Provide Delivery Details'), machine: 'PROVIDE_DELIVERY_DETAILS' },
  proceed_with_payment: { dialog: msg('Confirm Payment'), machine: 'PAY' },
  make_payment: { dialog: msg('Confirm Payment'), machine: 'PAY' },
  proceed_to_ship_goods: { dialog: msg('Confirm Shipment'), machine: 'CONFIRM_SHIPMENT' },
  confirm_shipment: { dialog: msg('Confirm Shipment'), machine: 'CONFIRM_SHIPMENT' },
  confirm_receipt: { dialog: msg('Confirm Receipt of Goods'), machine: 'CONFIRM_RECEIPT' },
  confirm_receipt_of_goods: { dialog: msg('Confirm Receipt of Goods'), machine: 'CONFIRM_RECEIPT' },
  enter_release_code: { dialog: msg('Enter Release Code'), machine: 'CONFIRM_HANDOVER' },
} as const satisfies Record<string, { dialog: string; machine: TransactionAction }>;
export type NextActionName = keyof typeof NEXT_ACTIONS;
export type ActionDialog = (typeof NEXT_ACTIONS)[NextActionName]['dialog'];

export type NextAction =
  | { kind: 'action'; label: string; action: NextActionName; dialog: ActionDialog }
  | { kind: 'waiting'; label: string }
  | { kind: 'done'; label: string };

type Step = { actor: PartyRole; label: string; action: NextActionName; waiting: string };

/** The next-action table on the stored statuses; the alias rows (PAYMENT_MADE etc.) show the same steps. */
function stepFor(view: TransactionView): Step | null {
  switch (view.status) {
    case 'ACTIVE':
      return view.useCourier
        ? {
            actor: 'BUYER',
            label: msg('Proceed to Fill Shipping Details'),
            action: 'proceed_to_fill_shipping_details',
            waiting: msg('Waiting for buyer to provide delivery details'),
          }
        : {
            actor: 'BUYER',
            label: msg('Proceed with Payment'),
            action: 'proceed_with_payment',
            waiting: msg('Waiting for buyer to make payment'),
          };
    case 'WAITING_FOR_PAYMENT':
      return {
        actor: 'BUYER',
        label: msg('Make Payment'),
        action: 'make_payment',
        waiting: msg('Waiting for buyer to make payment'),
      };
    case 'WAITING_FOR_SHIPMENT':
      return {
        actor: 'SELLER',
        label: msg('Confirm Shipment'),
        action: 'confirm_shipment',
        waiting: msg('Waiting for seller to ship the item'),
      };
    case 'WAITING_FOR_BUYER_CONFIRMATION':
      return {
        actor: 'BUYER',
        label: msg('Confirm Receipt'),
        action: 'confirm_receipt',
        waiting: msg('Waiting for buyer to confirm receipt'),
      };
    case 'WAITING_FOR_HANDOVER':
      return {
        actor: 'SELLER',
        label: msg('Enter Release Code'),
        action: 'enter_release_code',
        waiting: msg('Meet the seller and inspect the item, then share your release code'),
      };
    default:
      return null;
  }
}

/** What the viewer should do next, or what they are waiting for. */
export function nextActionFor(view: TransactionView, viewerRole: PartyRole): NextAction {
  const step = stepFor(view);
  if (step) {
    if (step.actor !== viewerRole) return { kind: 'waiting', label: step.waiting };
    return {
      kind: 'action',
      label: step.label,
      action: step.action,
      dialog: NEXT_ACTIONS[step.action].dialog,
    };
  }
  switch (view.status) {
    case 'PENDING':
      return { kind: 'waiting', label: listLabel(view) };
    case 'DISPUTED':
      return { kind: 'waiting', label: msg('Waiting for the dispute to be resolved') };
    case 'IN_PROGRESS':
      // Each milestone has its own step (deliver, accept), shown on its row of the milestone timeline.
      return { kind: 'waiting', label: msg('Milestones in progress: see each milestone below') };
    case 'COMPLETED':
      return { kind: 'done', label: msg('Transaction Completed') };
    default:
      return { kind: 'done', label: msg('Transaction Cancelled') };
  }
}

/** The next-step label on list cards. */
export function listLabel(view: TransactionView): string {
  switch (view.status) {
    case 'PENDING':
      return view.creatorRole === 'BUYER'
        ? msg('Waiting for Seller to Join')
        : msg('Waiting for Buyer to Join');
    case 'ACTIVE':
      return view.useCourier ? msg('Fill Shipping Details') : msg('Proceed to Payment');
    case 'WAITING_FOR_PAYMENT':
      return msg('Waiting for Payment');
    case 'WAITING_FOR_SHIPMENT':
      return msg('Waiting for Shipment');
    case 'WAITING_FOR_BUYER_CONFIRMATION':
      return msg('Waiting for Buyer Confirmation');
    case 'WAITING_FOR_HANDOVER':
      return msg('Waiting for Handover');
    case 'IN_PROGRESS':
      return msg('Milestones in Progress');
    case 'COMPLETED':
      return msg('Transaction Completed');
    case 'CANCELLED':
      return msg('Transaction Cancelled');
    case 'DISPUTED':
      return msg('Under Dispute');
  }
}

/** Short status names for badges; the dashboard's filter labels where there is one. */
export const STATUS_LABELS: Record<TransactionStatus, string> = {
  PENDING: msg('Pending'),
  ACTIVE: msg('Active'),
  WAITING_FOR_PAYMENT: msg('Awaiting Payment'),
  WAITING_FOR_SHIPMENT: msg('Awaiting Shipment'),
  WAITING_FOR_BUYER_CONFIRMATION: msg('In Transit'),
  WAITING_FOR_HANDOVER: msg('Awaiting Handover'),
  IN_PROGRESS: msg('In Progress'),
  COMPLETED: msg('Completed'),
  CANCELLED: msg('Cancelled'),
  DISPUTED: msg('Disputed'),
};

export type StatusFilter = { value: 'all' | TransactionStatus; label: string };

/** Dashboard status filter, plus DISPUTED, which is a real stored status here. */
export const DASHBOARD_STATUS_FILTERS: readonly StatusFilter[] = [
  { value: 'all', label: msg('All') },
  { value: 'PENDING', label: STATUS_LABELS.PENDING },
  { value: 'ACTIVE', label: STATUS_LABELS.ACTIVE },
  { value: 'WAITING_FOR_PAYMENT', label: STATUS_LABELS.WAITING_FOR_PAYMENT },
  { value: 'WAITING_FOR_SHIPMENT', label: STATUS_LABELS.WAITING_FOR_SHIPMENT },
  { value: 'WAITING_FOR_BUYER_CONFIRMATION', label: STATUS_LABELS.WAITING_FOR_BUYER_CONFIRMATION },
  { value: 'WAITING_FOR_HANDOVER', label: STATUS_LABELS.WAITING_FOR_HANDOVER },
  { value: 'IN_PROGRESS', label: STATUS_LABELS.IN_PROGRESS },
  { value: 'COMPLETED', label: STATUS_LABELS.COMPLETED },
  { value: 'CANCELLED', label: STATUS_LABELS.CANCELLED },
  { value: 'DISPUTED', label: STATUS_LABELS.DISPUTED },
];

/** My Transactions filters: All, Pending, Active, Completed, Cancelled; roles All, Buyer, Seller. */
export const TRANSACTIONS_STATUS_FILTERS: readonly StatusFilter[] = [
  { value: 'all', label: msg('All') },
  { value: 'PENDING', label: msg('Pending') },
  { value: 'ACTIVE', label: msg('Active') },
  { value: 'COMPLETED', label: msg('Completed') },
  { value: 'CANCELLED', label: msg('Cancelled') },
];
export const ROLE_FILTERS: readonly { value: 'all' | PartyRole; label: string }[] = [
  { value: 'all', label: msg('All') },
  { value: 'BUYER', label: msg('Buyer') },
  { value: 'SELLER', label: msg('Seller') },
];

/** Dashboard 'active' tile: every status except COMPLETED and CANCELLED (docs/product.md, the lifecycle). */
export function countsAsActive(status: TransactionStatus): boolean {
  return status !== 'COMPLETED' && status !== 'CANCELLED';
}

/** The viewer's role in a transaction, or null when they are not a member. */
export function viewerRoleOf(
  // creatorId is null on a brokered trade until its seller joins (partner API role BROKER).
  tx: { creatorId: string | null; creatorRole: PartyRole; counterpartyId: string | null },
  userId: string,
): PartyRole | null {
  if (tx.creatorId !== null && tx.creatorId === userId) return tx.creatorRole;
  if (tx.counterpartyId !== null && tx.counterpartyId === userId) return oppositeRole(tx.creatorRole);
  return null;
}

export { CONDITION_EDIT_STATUSES, MANUAL_RELEASE_STATUSES, PAYMENT_CONDITIONS_LOCKED_TEXT };

export type PaymentConditionControls = {
  canSetTimeRelease: boolean;
  canAddDeliveryCondition: boolean;
  canManualRelease: boolean;
  /** True when the status allows no control at all: the panel shows PAYMENT_CONDITIONS_LOCKED_TEXT. */
  locked: boolean;
};

/** Which payment-condition controls the viewer gets. Time and manual releases are the buyer's alone. */
export function paymentConditionControls(
  status: TransactionStatus,
  viewerRole: PartyRole,
): PaymentConditionControls {
  const editable = CONDITION_EDIT_STATUSES.includes(status);
  const releasable = MANUAL_RELEASE_STATUSES.includes(status);
  return {
    canSetTimeRelease: editable && viewerRole === 'BUYER',
    canAddDeliveryCondition: editable,
    canManualRelease: releasable && viewerRole === 'BUYER',
    locked: !editable && !releasable,
  };
}
