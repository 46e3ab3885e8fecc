import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { createLiveChannel, setLiveChannelForTests } from '../../../../lib/socket';
import { FakeSocket } from '../../../../testing/fake-socket';
import { makeMilestoneTrade, ok, stubApi } from '../../testing/transaction-test-utils';
import { TransactionDetails } from './transaction-details';

/** The details screen of a milestone trade, its GET answering whatever `current()` holds now. */
function renderDetails(current: () => Transaction, extra: Parameters<typeof stubApi>[0] = {}) {
  const id = current().id;
  const { calls } = stubApi({
    ...extra,
    [`GET /api/transactions/${id}`]: () => ok({ transaction: current() }),
    [`GET /api/transactions/${id}/activities`]: () => ok({ activities: [] }),
    [`GET /api/payment-conditions/transaction/${id}`]: () =>
      ok({ conditions: [], autoReleaseEnabled: false }),
  });
  toast.dismiss();
  const router = createMemoryRouter(
    [{ path: '/app/transactions/:id', element: <TransactionDetails id={id} /> }],
    { initialEntries: [`/app/transactions/${id}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  setLiveChannelForTests(createLiveChannel((token) => new FakeSocket(token).asSocket()));
});
afterEach(() => {
  setLiveChannelForTests(null);
});

const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

describe('a milestone trade on the details screen', () => {
  it('shows the timeline in place of the one-off steps, and the accepted milestone once answered', async () => {
    let tx = makeMilestoneTrade([
      { status: 'DELIVERED', deliveredAt: new Date().toISOString(), autoReleaseAt: inThreeDays() },
      {},
      {},
    ]);
    const { user } = renderDetails(() => tx, {
      [`POST /api/transactions/${tx.id}/milestones/ms-1/accept`]: () => {
        tx = structuredClone(tx);
        tx.milestones[0] = { ...tx.milestones[0]!, status: 'RELEASED', releasedAt: new Date().toISOString() };
        return ok({ transaction: tx });
      },
    });
    const flow = within(await screen.findByTestId('status-flow'));
    expect(flow.getByText('Milestones in progress: see each milestone below')).toBeInTheDocument();
    expect(flow.queryByRole('button', { name: /Confirm/ })).not.toBeInTheDocument();
    // Deliveries are on each milestone: no Confirmation tab for the buyer.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Payment',
      'Activity',
    ]);

    const first = within(await screen.findByTestId('milestone-1'));
    await user.click(first.getByRole('button', { name: 'Accept and release' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Accept and release' })).getByRole('button', {
        name: 'Accept and release',
      }),
    );
    expect(await first.findByText('Released', { selector: '[data-status]' })).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Accept and release' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 3 done')).toBeInTheDocument();
  });

  it('offers no time-based release on the Payment tab, and says how the money is released', async () => {
    const tx = makeMilestoneTrade(undefined, { status: 'ACTIVE', paidAt: null, paymentCompleted: false });
    const { user } = renderDetails(() => tx);
    await user.click(await screen.findByRole('tab', { name: 'Payment' }));
    expect(
      await screen.findByText(
        'No conditions yet. A milestone trade is released one milestone at a time, as each is accepted.',
      ),
    ).toBeInTheDocument();
    // The buyer's timer form (offered on a one-off trade in this status) is not.
    expect(screen.queryByLabelText(/Release payment automatically on/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Delivery Confirmation' })).toBeInTheDocument();
  });
});
