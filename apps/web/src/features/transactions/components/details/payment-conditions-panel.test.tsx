import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentCondition } from '@escrow/shared/schemas/payment-conditions';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import {
  fail,
  makeTransaction,
  ok,
  renderWithProviders,
  stubApi,
} from '../../testing/transaction-test-utils';
import { PaymentConditionsPanel } from './payment-conditions-panel';

const TX_ID = makeTransaction().id;
const LIST = `GET /api/payment-conditions/transaction/${TX_ID}`;
const condition = (overrides: Partial<PaymentCondition>): PaymentCondition => ({
  id: '0192f5a4-7d5e-7000-8000-00000000c0d1',
  transactionId: TX_ID,
  conditionType: 'DELIVERY_CONFIRMED',
  conditionValue: null,
  releaseAt: null,
  isMet: false,
  metAt: null,
  createdBy: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

function renderPanel(overrides: Partial<Transaction>, conditions: PaymentCondition[] = [], auto = false) {
  const { calls } = stubApi({
    [LIST]: () => ok({ conditions, autoReleaseEnabled: auto }),
    'POST /api/payment-conditions/create': () => ok({ condition: condition({}) }),
    'POST /api/payment-conditions/time-based': () =>
      ok({ condition: condition({ conditionType: 'TIME_BASED' }) }),
  });
  renderWithProviders(<PaymentConditionsPanel transaction={makeTransaction(overrides)} />);
  return { calls, user: userEvent.setup() };
}

describe('PaymentConditionsPanel', () => {
  it('says conditions are locked where the table allows nothing', async () => {
    renderPanel({ status: 'PENDING' });
    expect(
      await screen.findByText('Payment conditions cannot be modified in the current transaction state'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Delivery Confirmation' })).not.toBeInTheDocument();
  });

  it('gives the buyer the time release and the delivery condition before shipment, but no manual release', async () => {
    renderPanel({ status: 'WAITING_FOR_SHIPMENT', viewerRole: 'BUYER' });
    expect(await screen.findByRole('button', { name: 'Add Delivery Confirmation' })).toBeInTheDocument();
    expect(screen.getByLabelText('Release payment automatically on (dd/mm/yyyy)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release Payment' })).not.toBeInTheDocument();
  });

  it('offers no time-based release on a Meet and inspect trade (only the buyer’s code releases it)', async () => {
    renderPanel({ status: 'ACTIVE', viewerRole: 'BUYER', useCourier: false, shippingType: 'IN_PERSON' });
    expect(
      await screen.findByText(
        'No conditions yet. An in-person trade is released when the seller enters the buyer’s release code.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Delivery Confirmation' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Release payment automatically on (dd/mm/yyyy)')).not.toBeInTheDocument();
  });

  it('hides the buyer-only controls from the seller', async () => {
    renderPanel({ status: 'WAITING_FOR_BUYER_CONFIRMATION', viewerRole: 'SELLER' });
    expect(await screen.findByRole('button', { name: 'Add Delivery Confirmation' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Release payment automatically on (dd/mm/yyyy)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release Payment' })).not.toBeInTheDocument();
  });

  it('lists conditions with whether they are met, and the auto-release flag', async () => {
    renderPanel(
      { status: 'WAITING_FOR_BUYER_CONFIRMATION', viewerRole: 'BUYER' },
      [condition({ isMet: true, conditionValue: 'Parcel delivered' })],
      true,
    );
    expect(await screen.findByText('Delivery confirmation: Parcel delivered')).toBeInTheDocument();
    expect(screen.getByText('Met')).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Release Payment' })).toBeInTheDocument();
    // A delivery condition exists already: no second one.
    expect(screen.queryByRole('button', { name: 'Add Delivery Confirmation' })).not.toBeInTheDocument();
  });

  it('adds the delivery condition', async () => {
    const { calls, user } = renderPanel({ status: 'ACTIVE', viewerRole: 'SELLER' });
    await user.click(await screen.findByRole('button', { name: 'Add Delivery Confirmation' }));
    expect(await screen.findByText('Delivery confirmation condition added')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      transactionId: TX_ID,
      conditionType: 'DELIVERY_CONFIRMED',
    });
  });

  it('asks for a release date and refuses one in the past', async () => {
    const { calls, user } = renderPanel({ status: 'ACTIVE', viewerRole: 'BUYER' });
    await user.click(await screen.findByRole('button', { name: 'Set Time Release' }));
    expect(await screen.findAllByText('Please select a release date')).not.toHaveLength(0);
    const date = screen.getByLabelText('Release payment automatically on (dd/mm/yyyy)');
    const time = screen.getByLabelText('At (time, WAT)');
    await user.type(date, '01/01/2020');
    await user.type(time, '10:00');
    await user.click(screen.getByRole('button', { name: 'Set Time Release' }));
    expect(date).toHaveAccessibleDescription('The release date cannot be in the past');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(date);
    await user.type(date, '01/06/2099');
    await user.clear(time);
    await user.type(time, '10:30');
    await user.click(screen.getByRole('button', { name: 'Set Time Release' }));
    expect(await screen.findByText('Time-based release scheduled')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!.body as { releaseDate: string };
    expect(sent.releaseDate).toBe('2099-06-01T09:30:00.000Z');
  });

  it('tells the user when the conditions cannot be loaded', async () => {
    stubApi({ [LIST]: () => fail(500, 'Internal server error', 'INTERNAL_ERROR') });
    renderWithProviders(<PaymentConditionsPanel transaction={makeTransaction({ status: 'ACTIVE' })} />);
    // Inline with Retry, and once as a toast.
    await vi.waitFor(() => expect(screen.getAllByText('Failed to load payment conditions')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
