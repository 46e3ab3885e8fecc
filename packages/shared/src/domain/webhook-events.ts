import type { TransactionAction, TransactionStatus } from './transaction-machine.ts';

/**
 * The events a partner's webhook endpoint can subscribe to (docs/webhooks.md). Each is sent for the
 * endpoint owner's own transactions; `ping` is only ever sent by the endpoint's test button and
 * cannot be subscribed to.
 */
export const WEBHOOK_EVENT_TYPES = [
  'transaction.joined',
  'transaction.paid',
  'transaction.shipped',
  'transaction.completed',
  'transaction.cancelled',
  'transaction.refunded',
  'dispute.opened',
  'dispute.resolved',
  'milestone.released',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_PING_EVENT = 'ping';

const RESOLUTIONS: readonly TransactionAction[] = [
  'RESOLVE_RELEASE',
  'RESOLVE_REFUND',
  'RESOLVE_PARTIAL',
  'RESOLVE_NO_ACTION',
];

/**
 * The webhook events one step of the state machine causes, in the order they are sent. One step may
 * cause several: a dispute settled by a refund is `dispute.resolved` and `transaction.refunded`; the last
 * milestone accepted is `milestone.released` and `transaction.completed`. The rules:
 * - by action: JOIN → joined, PAY → paid, CONFIRM_SHIPMENT → shipped, RAISE_DISPUTE → dispute.opened,
 *   every RESOLVE_* → dispute.resolved (and RESOLVE_REFUND, RESOLVE_PARTIAL also → refunded),
 *   ACCEPT_MILESTONE and AUTO_ACCEPT_MILESTONE → milestone.released;
 * - by status: any step into COMPLETED → completed; into CANCELLED by CANCEL or EXPIRE_INVITATION →
 *   cancelled (a refund that cancels is reported as `transaction.refunded` instead).
 * Steps that change nothing a partner acts on (delivery details, payment conditions, extensions,
 * a milestone marked delivered) cause none.
 */
export function webhookEventsFor(
  action: TransactionAction,
  previous: TransactionStatus,
  next: TransactionStatus,
): WebhookEventType[] {
  const events: WebhookEventType[] = [];
  if (action === 'JOIN') events.push('transaction.joined');
  if (action === 'PAY') events.push('transaction.paid');
  if (action === 'CONFIRM_SHIPMENT') events.push('transaction.shipped');
  if (action === 'RAISE_DISPUTE') events.push('dispute.opened');
  if (RESOLUTIONS.includes(action)) events.push('dispute.resolved');
  if (action === 'ACCEPT_MILESTONE' || action === 'AUTO_ACCEPT_MILESTONE') events.push('milestone.released');
  if (action === 'RESOLVE_REFUND' || action === 'RESOLVE_PARTIAL') events.push('transaction.refunded');
  if (next === 'COMPLETED' && previous !== 'COMPLETED') events.push('transaction.completed');
  if (next === 'CANCELLED' && (action === 'CANCEL' || action === 'EXPIRE_INVITATION'))
    events.push('transaction.cancelled');
  return events;
}
