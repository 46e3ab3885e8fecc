import { describe, expect, it } from 'vitest';
import {
  TRANSACTION_ACTIONS,
  type TransactionAction,
  type TransactionStatus,
} from './transaction-machine.ts';
import { webhookEventsFor } from './webhook-events.ts';

describe('webhookEventsFor', () => {
  const cases: [TransactionAction, TransactionStatus, TransactionStatus, string[]][] = [
    ['JOIN', 'PENDING', 'ACTIVE', ['transaction.joined']],
    ['PAY', 'ACTIVE', 'WAITING_FOR_SHIPMENT', ['transaction.paid']],
    ['PAY', 'WAITING_FOR_PAYMENT', 'IN_PROGRESS', ['transaction.paid']],
    ['PAY', 'ACTIVE', 'WAITING_FOR_HANDOVER', ['transaction.paid']],
    ['CONFIRM_SHIPMENT', 'WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION', ['transaction.shipped']],
    ['CONFIRM_RECEIPT', 'WAITING_FOR_BUYER_CONFIRMATION', 'COMPLETED', ['transaction.completed']],
    ['CONFIRM_HANDOVER', 'WAITING_FOR_HANDOVER', 'COMPLETED', ['transaction.completed']],
    ['MANUAL_RELEASE', 'WAITING_FOR_BUYER_CONFIRMATION', 'COMPLETED', ['transaction.completed']],
    ['TIME_RELEASE', 'WAITING_FOR_BUYER_CONFIRMATION', 'COMPLETED', ['transaction.completed']],
    ['AUTO_RELEASE', 'WAITING_FOR_BUYER_CONFIRMATION', 'COMPLETED', ['transaction.completed']],
    ['CANCEL', 'ACTIVE', 'CANCELLED', ['transaction.cancelled']],
    ['EXPIRE_INVITATION', 'PENDING', 'CANCELLED', ['transaction.cancelled']],
    ['RAISE_DISPUTE', 'WAITING_FOR_SHIPMENT', 'DISPUTED', ['dispute.opened']],
    ['RESOLVE_RELEASE', 'DISPUTED', 'COMPLETED', ['dispute.resolved', 'transaction.completed']],
    ['RESOLVE_REFUND', 'DISPUTED', 'CANCELLED', ['dispute.resolved', 'transaction.refunded']],
    [
      'RESOLVE_REFUND',
      'DISPUTED',
      'COMPLETED',
      ['dispute.resolved', 'transaction.refunded', 'transaction.completed'],
    ],
    [
      'RESOLVE_PARTIAL',
      'DISPUTED',
      'COMPLETED',
      ['dispute.resolved', 'transaction.refunded', 'transaction.completed'],
    ],
    ['RESOLVE_NO_ACTION', 'DISPUTED', 'WAITING_FOR_BUYER_CONFIRMATION', ['dispute.resolved']],
    ['ACCEPT_MILESTONE', 'IN_PROGRESS', 'IN_PROGRESS', ['milestone.released']],
    ['AUTO_ACCEPT_MILESTONE', 'IN_PROGRESS', 'IN_PROGRESS', ['milestone.released']],
    ['ACCEPT_MILESTONE', 'IN_PROGRESS', 'COMPLETED', ['milestone.released', 'transaction.completed']],
    ['PROVIDE_DELIVERY_DETAILS', 'ACTIVE', 'WAITING_FOR_PAYMENT', []],
    ['DELIVER_MILESTONE', 'IN_PROGRESS', 'IN_PROGRESS', []],
    ['EXTEND_INSPECTION', 'WAITING_FOR_BUYER_CONFIRMATION', 'WAITING_FOR_BUYER_CONFIRMATION', []],
    ['EXTEND_MILESTONE_INSPECTION', 'IN_PROGRESS', 'IN_PROGRESS', []],
    ['ADD_DELIVERY_CONDITION', 'ACTIVE', 'ACTIVE', []],
    ['SET_TIME_RELEASE', 'ACTIVE', 'ACTIVE', []],
    ['CONFIRM_DELIVERY', 'WAITING_FOR_BUYER_CONFIRMATION', 'WAITING_FOR_BUYER_CONFIRMATION', []],
  ];

  it.each(cases)('%s from %s to %s → %j', (action, previous, next, expected) => {
    expect(webhookEventsFor(action, previous, next)).toEqual(expected);
  });

  it('covers every action of the machine', () => {
    expect(new Set(cases.map(([action]) => action))).toEqual(new Set(TRANSACTION_ACTIONS));
  });
});
