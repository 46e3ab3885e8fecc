import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { createLiveChannel, setLiveChannelForTests } from '../../../../lib/socket';
import { FakeSocket } from '../../../../testing/fake-socket';
import { fail, makeTransaction, ok, stubApi, withRefund } from '../../testing/transaction-test-utils';
import { TransactionDetails } from './transaction-details';

let socket: FakeSocket;

function renderDetails(tx: Transaction | null, state?: unknown, extra: Parameters<typeof stubApi>[0] = {}) {
  const id = tx?.id ?? 'unknown-id';
  const { calls } = stubApi({
    ...extra,
    [`GET /api/transactions/${id}`]: () =>
      tx ? ok({ transaction: tx }) : fail(404, 'Transaction Not Found', 'NOT_FOUND'),
    [`GET /api/transactions/${id}/activities`]: () => ok({ activities: [] }),
    [`GET /api/payment-conditions/transaction/${id}`]: () =>
      ok({ conditions: [], autoReleaseEnabled: false }),
  });
  toast.dismiss();
  const router = createMemoryRouter(
    [{ path: '/app/transactions/:id', element: <TransactionDetails id={id} /> }],
    {
      initialEntries: [{ pathname: `/app/transactions/${id}`, state }],
    },
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
  setLiveChannelForTests(
    createLiveChannel((token) => {
      socket = new FakeSocket(token);
      return socket.asSocket();
    }),
  );
});
afterEach(() => {
  setLiveChannelForTests(null);
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('TransactionDetails', () => {
  it('shows Transaction Not Found to a stranger (the server answers 404)', async () => {
    renderDetails(null);
    expect(await screen.findByText('Transaction Not Found')).toBeInTheDocument();
    expect(screen.getByText("The transaction you're looking for could not be found.")).toBeInTheDocument();
  });

  it('gives the buyer the Confirmation tab and the seller the Shipping tab', async () => {
    renderDetails(makeTransaction({ viewerRole: 'BUYER' }));
    await screen.findByTestId('status-flow');
    expect(tabNames()).toEqual(['Overview', 'Confirmation', 'Payment', 'Activity']);
  });

  it('shows Shipping to the seller only when a courier is used or details exist', async () => {
    renderDetails(makeTransaction({ viewerRole: 'SELLER', useCourier: false }));
    await screen.findByTestId('status-flow');
    expect(tabNames()).toEqual(['Overview', 'Payment', 'Activity']);
  });

  it('shows the seller the buyer’s address, or says it is not provided', async () => {
    const { user } = renderDetails(makeTransaction({ viewerRole: 'SELLER' }));
    await user.click(await screen.findByRole('tab', { name: 'Shipping' }));
    expect(screen.getByText('Shipping Details Not Provided')).toBeInTheDocument();
  });

  it('offers Share and Copy Link only while PENDING with a known code, and joins the live room', async () => {
    const pending = makeTransaction({
      status: 'PENDING',
      viewerRole: 'SELLER',
      counterpartyId: null,
      counterpartyName: null,
      invitation: { code: 'code-xyz', expiresAt: '2026-01-17T09:00:00.000Z' },
    });
    renderDetails(pending);
    expect(await screen.findByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Link' })).toBeInTheDocument();
    expect(await screen.findByText('Waiting for counterparty...')).toBeInTheDocument();
    socket.serverConnects();
    expect(socket.emitted).toContainEqual({
      event: 'join_transaction_room',
      payload: { transactionId: pending.id },
    });
  });

  it('shows the first screen in one commit and the summary and side cards once it has painted', async () => {
    renderDetails(makeTransaction({ viewerRole: 'BUYER' }));
    await screen.findByTestId('status-flow');
    expect(screen.queryByTestId('summary-total')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('summary-total')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Actions' })).toBeInTheDocument();
  });

  it('hides the share link once the counterparty joined', async () => {
    renderDetails(makeTransaction({ status: 'ACTIVE' }), { invitationCode: 'code-xyz' });
    await screen.findByTestId('status-flow');
    expect(screen.queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
  });

  it('offers Raise Dispute while the money is in escrow, and the chat with the other party', async () => {
    renderDetails(makeTransaction({ status: 'WAITING_FOR_SHIPMENT' }));
    const dispute = await screen.findByRole('link', { name: 'Raise Dispute' });
    expect(dispute).toHaveAttribute('href', `/app/disputes/create?transactionId=${makeTransaction().id}`);
    expect(screen.getByRole('button', { name: 'Chat with Counterparty' })).toBeInTheDocument();
  });

  it('Chat with Counterparty opens the Chat dialog with the live conversation', async () => {
    const tx = makeTransaction({ status: 'ACTIVE' });
    const { user } = renderDetails(tx, undefined, {
      'GET /api/messages/conversations': () => ok({ conversations: [] }),
      [`GET /api/messages/transactions/${tx.id}?limit=30`]: () =>
        ok({
          messages: [
            {
              id: 'm1',
              transactionId: tx.id,
              senderId: tx.creatorId,
              receiverId: tx.counterpartyId,
              content: 'Shipping tomorrow',
              timestamp: new Date().toISOString(),
              isRead: true,
              readAt: new Date().toISOString(),
              messageType: 'TEXT',
              attachments: [],
              deleted: false,
              warning: null,
            },
          ],
          hasMore: false,
          conversation: {
            id: tx.id,
            transactionId: tx.id,
            participants: [tx.creatorId, tx.counterpartyId],
            participantDetails: [
              { userId: tx.creatorId, name: 'Sade Seller', role: 'SELLER', lastSeen: null },
              { userId: tx.counterpartyId, name: 'Bola Buyer', role: 'BUYER', lastSeen: null },
            ],
            lastMessage: null,
            unreadCount: 0,
            transactionDetails: { description: tx.description, status: tx.status },
            createdAt: tx.createdAt,
            updatedAt: tx.createdAt,
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Chat with Counterparty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Sade Seller' });
    expect(await within(dialog).findByText('Shipping tomorrow')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'View transaction' })).toBeNull();
  });

  it('offers no dispute before payment', async () => {
    renderDetails(makeTransaction({ status: 'WAITING_FOR_PAYMENT' }));
    await screen.findByTestId('status-flow');
    expect(screen.queryByRole('link', { name: 'Raise Dispute' })).toBeNull();
  });

  it('shows a pushed update at once', async () => {
    const tx = makeTransaction({ status: 'WAITING_FOR_SHIPMENT', viewerRole: 'SELLER' });
    renderDetails(tx);
    await screen.findByRole('button', { name: 'Confirm Shipment' });
    socket.serverConnects();
    act(() =>
      socket.serverSends('transaction:updated', {
        transactionId: tx.id,
        status: 'CANCELLED',
        transaction: { ...tx, status: 'CANCELLED' },
      }),
    );
    expect(await screen.findByText('Transaction Cancelled')).toBeInTheDocument();
    expect(await screen.findByText('Transaction status updated to: cancelled')).toBeInTheDocument();
  });
});

describe('TransactionDetails: who pays the fee and in-person trades', () => {
  it('shows who pays the fee, what the buyer pays and what the seller receives', async () => {
    // ₦150,000 with the seller paying the ₦3,750 fee.
    renderDetails(
      makeTransaction({ feePayer: 'SELLER', total: 150_000, buyerPays: 150_000, sellerReceives: 146_250 }),
    );
    expect(await screen.findByTestId('summary-fee-payer')).toHaveTextContent('Seller pays the fee');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₦150,000.00');
    expect(screen.getByTestId('summary-seller-receives')).toHaveTextContent('₦146,250.00');
    expect(screen.getByText('Delivery').nextSibling).toHaveTextContent('Courier delivery');
  });

  it('gives the buyer of a Meet and inspect trade the code card and no shipment confirmation tab', async () => {
    const tx = makeTransaction({
      status: 'WAITING_FOR_HANDOVER',
      useCourier: false,
      shippingType: 'IN_PERSON',
      paymentCompleted: true,
    });
    renderDetails(tx, undefined, {
      [`GET /api/transactions/${tx.id}/handover`]: () => ok({ code: '482913', lockedUntil: null }),
    });
    expect(await screen.findByTestId('release-code')).toHaveTextContent('482913');
    expect(tabNames()).toEqual(['Overview', 'Payment', 'Activity']);
  });

  it('turns the seller’s code entry into Completed when the server pushes the release', async () => {
    const tx = makeTransaction({
      status: 'WAITING_FOR_HANDOVER',
      useCourier: false,
      shippingType: 'IN_PERSON',
      viewerRole: 'SELLER',
    });
    renderDetails(tx);
    expect(await screen.findByLabelText('Release code')).toBeInTheDocument();
    socket.serverConnects();
    act(() =>
      socket.serverSends('transaction:updated', {
        transactionId: tx.id,
        status: 'COMPLETED',
        transaction: { ...tx, status: 'COMPLETED' },
      }),
    );
    expect(await screen.findByText('Transaction Completed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Release code')).not.toBeInTheDocument();
  });
});

describe('TransactionDetails refund line', () => {
  const paystack = { destination: 'PROVIDER', amount: 100_000, provider: 'paystack' } as const;

  it.each([
    [
      'paid back to the card',
      { ...paystack, status: 'SUCCEEDED', reference: 'RFD_123' },
      'CARD',
      'Refunded to your card via Paystack, ref RFD_123',
    ],
    [
      'on its way to the bank account',
      { ...paystack, status: 'PENDING' },
      'BANK_TRANSFER',
      'Refund to your bank account via Paystack is on its way',
    ],
    [
      'failed at the provider',
      { ...paystack, status: 'FAILED' },
      'CARD',
      'Refund to your card via Paystack failed; our support team is sorting it out',
    ],
    [
      'credited to the wallet by staff',
      { ...paystack, status: 'CREDITED_TO_WALLET' },
      'CARD',
      'Refund to your card via Paystack could not be paid; credited to your Amana wallet instead',
    ],
    [
      'paid back to the wallet',
      { destination: 'WALLET', status: 'SUCCEEDED', amount: 100_000 },
      'WALLET',
      'Refunded to your Amana wallet',
    ],
  ] as const)('says the refund was %s', async (_, refund, paymentMethod, line) => {
    renderDetails(withRefund(refund, { paymentMethod }));
    expect(await screen.findByTestId('refund-line')).toHaveTextContent(line);
    expect(screen.getByTestId('refund-line').textContent).toBe(line);
    const row = screen.getByText('Refund').parentElement as HTMLElement;
    expect(within(row).getByText('₦100,000.00')).toBeInTheDocument();
  });

  it('shows no refund line without a refund', async () => {
    renderDetails(withRefund(null));
    await screen.findByTestId('summary-total');
    expect(screen.queryByTestId('refund-line')).toBeNull();
    expect(screen.queryByText('Refund')).toBeNull();
  });
});
