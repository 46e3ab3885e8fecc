import { describe, expect, it } from 'vitest';
import { listLabel, nextActionFor, paymentConditionControls, viewerRoleOf } from './transaction-labels.ts';
import type { TransactionStatus } from './transaction-machine.ts';

const view = (status: TransactionStatus, useCourier = false, creatorRole: 'BUYER' | 'SELLER' = 'BUYER') => ({
  status,
  useCourier,
  creatorRole,
});

describe('next action by status and role', () => {
  it.each([
    ['ACTIVE', true, 'BUYER', 'Proceed to Fill Shipping Details', 'Provide Delivery Details'],
    ['ACTIVE', false, 'BUYER', 'Proceed with Payment', 'Confirm Payment'],
    ['WAITING_FOR_PAYMENT', true, 'BUYER', 'Make Payment', 'Confirm Payment'],
    ['WAITING_FOR_SHIPMENT', true, 'SELLER', 'Confirm Shipment', 'Confirm Shipment'],
    ['WAITING_FOR_BUYER_CONFIRMATION', false, 'BUYER', 'Confirm Receipt', 'Confirm Receipt of Goods'],
  ] as const)('%s (courier %s): the %s acts: %s', (status, courier, role, label, dialog) => {
    expect(nextActionFor(view(status, courier), role)).toMatchObject({ kind: 'action', label, dialog });
    const other = role === 'BUYER' ? 'SELLER' : 'BUYER';
    expect(nextActionFor(view(status, courier), other)).toMatchObject({ kind: 'waiting' });
    expect(nextActionFor(view(status, courier), other).label).toMatch(/^Waiting for /);
  });

  it('has no action for ended transactions', () => {
    expect(nextActionFor(view('COMPLETED'), 'BUYER')).toEqual({
      kind: 'done',
      label: 'Transaction Completed',
    });
    expect(nextActionFor(view('CANCELLED'), 'SELLER')).toEqual({
      kind: 'done',
      label: 'Transaction Cancelled',
    });
    expect(nextActionFor(view('DISPUTED'), 'BUYER').kind).toBe('waiting');
  });
});

describe('list labels', () => {
  it.each([
    [view('PENDING', false, 'BUYER'), 'Waiting for Seller to Join'],
    [view('PENDING', false, 'SELLER'), 'Waiting for Buyer to Join'],
    [view('ACTIVE', true), 'Fill Shipping Details'],
    [view('ACTIVE', false), 'Proceed to Payment'],
    [view('WAITING_FOR_SHIPMENT'), 'Waiting for Shipment'],
    [view('WAITING_FOR_PAYMENT', true), 'Waiting for Payment'],
    [view('COMPLETED'), 'Transaction Completed'],
    [view('CANCELLED'), 'Transaction Cancelled'],
  ])('%o → %s', (v, label) => {
    expect(listLabel(v)).toBe(label);
  });
});

describe('payment-condition controls', () => {
  it('follow the spec per status; releases are the buyer’s', () => {
    expect(paymentConditionControls('ACTIVE', 'BUYER')).toEqual({
      canSetTimeRelease: true,
      canAddDeliveryCondition: true,
      canManualRelease: false,
      locked: false,
    });
    expect(paymentConditionControls('ACTIVE', 'SELLER').canSetTimeRelease).toBe(false);
    expect(paymentConditionControls('WAITING_FOR_BUYER_CONFIRMATION', 'BUYER').canManualRelease).toBe(true);
    expect(paymentConditionControls('WAITING_FOR_BUYER_CONFIRMATION', 'SELLER').canManualRelease).toBe(false);
    for (const status of ['PENDING', 'COMPLETED', 'CANCELLED', 'DISPUTED'] as const)
      expect(paymentConditionControls(status, 'BUYER').locked).toBe(true);
  });
});

describe('viewer role', () => {
  it('is the creator role for the creator, the opposite for the counterparty, null otherwise', () => {
    const tx = { creatorId: 'a', creatorRole: 'SELLER' as const, counterpartyId: 'b' };
    expect(viewerRoleOf(tx, 'a')).toBe('SELLER');
    expect(viewerRoleOf(tx, 'b')).toBe('BUYER');
    expect(viewerRoleOf(tx, 'c')).toBeNull();
    expect(viewerRoleOf({ ...tx, counterpartyId: null }, 'c')).toBeNull();
  });
});
