import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { makeTransaction, renderWithProviders } from '../../testing/transaction-test-utils';
import { StatusFlowPanel } from './status-flow-panel';

function renderPanel(overrides: Partial<Transaction>) {
  const onAction = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <StatusFlowPanel transaction={makeTransaction(overrides)} onAction={onAction} onCancel={onCancel} />,
  );
  return { onAction, onCancel };
}

// Next action by status and role (docs/product.md "The lifecycle of a transaction"), on the stored statuses.
const CASES: { status: Transaction['status']; useCourier: boolean; buyer: string; seller: string }[] = [
  {
    status: 'ACTIVE',
    useCourier: true,
    buyer: 'button:Proceed to Fill Shipping Details',
    seller: 'Waiting for buyer to provide delivery details...',
  },
  {
    status: 'ACTIVE',
    useCourier: false,
    buyer: 'button:Proceed with Payment',
    seller: 'Waiting for buyer to make payment...',
  },
  {
    status: 'WAITING_FOR_PAYMENT',
    useCourier: true,
    buyer: 'button:Make Payment',
    seller: 'Waiting for buyer to make payment...',
  },
  {
    status: 'WAITING_FOR_SHIPMENT',
    useCourier: true,
    buyer: 'Waiting for seller to ship the item...',
    seller: 'button:Confirm Shipment',
  },
  {
    status: 'WAITING_FOR_BUYER_CONFIRMATION',
    useCourier: true,
    buyer: 'button:Confirm Receipt',
    seller: 'Waiting for buyer to confirm receipt...',
  },
  { status: 'COMPLETED', useCourier: true, buyer: 'Transaction Completed', seller: 'Transaction Completed' },
  { status: 'CANCELLED', useCourier: false, buyer: 'Transaction Cancelled', seller: 'Transaction Cancelled' },
];

describe('StatusFlowPanel', () => {
  for (const c of CASES) {
    for (const role of ['BUYER', 'SELLER'] as const) {
      const expected = role === 'BUYER' ? c.buyer : c.seller;
      it(`${c.status}${c.useCourier ? ' (courier)' : ''} as ${role.toLowerCase()}: ${expected}`, () => {
        renderPanel({ status: c.status, useCourier: c.useCourier, viewerRole: role });
        if (expected.startsWith('button:')) {
          expect(screen.getByRole('button', { name: expected.slice(7) })).toBeInTheDocument();
        } else {
          expect(screen.getByText(expected)).toBeInTheDocument();
          const actionLabels = [
            'Proceed to Fill Shipping Details',
            'Proceed with Payment',
            'Make Payment',
            'Confirm Shipment',
            'Confirm Receipt',
          ];
          for (const label of actionLabels)
            expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
        }
      });
    }
  }

  it('opens the dialog the action maps to', async () => {
    const user = userEvent.setup();
    const { onAction } = renderPanel({ status: 'ACTIVE', useCourier: true, viewerRole: 'BUYER' });
    await user.click(screen.getByRole('button', { name: 'Proceed to Fill Shipping Details' }));
    expect(onAction).toHaveBeenCalledWith('Provide Delivery Details');
  });

  it('shows who the creator waits for while PENDING', () => {
    renderPanel({ status: 'PENDING', counterpartyId: null, counterpartyName: null, viewerRole: 'SELLER' });
    expect(screen.getByText('Waiting for Buyer to Join...')).toBeInTheDocument();
  });

  it.each([
    ['PENDING', true],
    ['ACTIVE', true],
    ['WAITING_FOR_PAYMENT', true],
    ['WAITING_FOR_SHIPMENT', false],
    ['WAITING_FOR_BUYER_CONFIRMATION', false],
    ['COMPLETED', false],
  ] as const)('offers Cancel in %s: %s', async (status, shown) => {
    const user = userEvent.setup();
    const { onCancel } = renderPanel({ status, viewerRole: 'SELLER' });
    const button = screen.queryByRole('button', { name: 'Cancel transaction' });
    if (!shown) return expect(button).not.toBeInTheDocument();
    await user.click(button!);
    expect(onCancel).toHaveBeenCalled();
  });
});
