import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { createLiveChannel, setLiveChannelForTests } from '../../../../lib/socket';
import { FakeSocket } from '../../../../testing/fake-socket';
import { BUYER_ID, makeTransaction, ok, SELLER_ID, stubApi } from '../../testing/transaction-test-utils';
import { TransactionDetails } from './transaction-details';

/**
 * A brokered trade (partner API role BROKER) seen in the app: the broker only watches (no step, no
 * cancel, no chat, no dispute, no rating), and its parties see the broker and the commission.
 */
const BROKER_ID = '0192f5a4-7d5e-7000-8000-0000000000d1';

/** docs/money.md "Broker commission": ₦10,001.00, the seller pays the fee, commission ₦1,000.00. */
function brokeredTrade(overrides: Partial<Transaction> = {}): Transaction {
  return makeTransaction({
    price: 10_001,
    fee: 250.03,
    total: 10_001,
    feePayer: 'SELLER',
    buyerPays: 10_001,
    sellerReceives: 8_750.97,
    commission: 1_000,
    brokerId: BROKER_ID,
    brokerName: 'Market Place',
    viewerIsBroker: true,
    // The broker's viewerRole falls back to BUYER: the screens must not take it for the buyer.
    viewerRole: 'BUYER',
    ...overrides,
  });
}

function renderDetails(tx: Transaction) {
  const { calls } = stubApi({
    [`GET /api/transactions/${tx.id}`]: () => ok({ transaction: tx }),
    [`GET /api/transactions/${tx.id}/activities`]: () => ok({ activities: [] }),
    [`GET /api/payment-conditions/transaction/${tx.id}`]: () =>
      ok({ conditions: [], autoReleaseEnabled: false }),
    [`GET /api/transactions/${tx.id}/rating`]: () => ok({ rating: null, canRate: true }),
    [`GET /api/transactions/${tx.id}/handover-code`]: () => ok({ code: '123456' }),
  });
  const router = createMemoryRouter(
    [{ path: '/app/transactions/:id', element: <TransactionDetails id={tx.id} /> }],
    { initialEntries: [`/app/transactions/${tx.id}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  setLiveChannelForTests(createLiveChannel((token) => new FakeSocket(token).asSocket()));
});
afterEach(() => setLiveChannelForTests(null));

/** Every button the broker may see: navigation, reading, sharing; none is a step of the trade. */
const READ_ONLY_BUTTONS = [
  'Back',
  'Refresh',
  'Refreshing...',
  'Copy',
  'Share Transaction',
  'Download Receipt',
];

function expectNoAction() {
  const buttons = screen
    .queryAllByRole('button')
    .map((button) => button.textContent?.trim() ?? '')
    .filter((name) => !READ_ONLY_BUTTONS.includes(name) && !/reconnect/i.test(name));
  expect(buttons).toEqual([]);
  expect(screen.queryByRole('link', { name: /dispute/i })).not.toBeInTheDocument();
  expect(screen.queryByText('It is your turn:')).not.toBeInTheDocument();
  expect(screen.queryByText(/Cancel transaction/)).not.toBeInTheDocument();
}

/** The status panel, then the summary below it, rendered once the part above has painted. */
async function shown() {
  const panel = await screen.findByTestId('status-flow');
  await screen.findByTestId('summary-total');
  return panel;
}

describe('TransactionDetails: the broker of a brokered trade only watches', () => {
  const cases: [string, Partial<Transaction>][] = [
    [
      'PENDING, nobody joined',
      {
        status: 'PENDING',
        creatorId: '',
        creatorName: '',
        counterpartyId: null,
        counterpartyName: null,
        buyerId: null,
        sellerId: null,
      },
    ],
    ['ACTIVE with a courier (delivery details next)', { status: 'ACTIVE', useCourier: true }],
    [
      'ACTIVE without a courier (payment next)',
      { status: 'ACTIVE', useCourier: false, shippingType: 'SELLER_DELIVERY' },
    ],
    ['WAITING_FOR_PAYMENT', { status: 'WAITING_FOR_PAYMENT' }],
    [
      'WAITING_FOR_SHIPMENT',
      {
        status: 'WAITING_FOR_SHIPMENT',
        paidAt: '2026-01-11T09:00:00.000Z',
        paymentCompleted: true,
        paymentStatus: 'COMPLETED',
      },
    ],
    [
      'WAITING_FOR_BUYER_CONFIRMATION',
      {
        status: 'WAITING_FOR_BUYER_CONFIRMATION',
        paymentCompleted: true,
        paymentStatus: 'COMPLETED',
        autoReleaseAt: '2099-01-20T09:00:00.000Z',
      },
    ],
    [
      'WAITING_FOR_HANDOVER',
      {
        status: 'WAITING_FOR_HANDOVER',
        useCourier: false,
        shippingType: 'IN_PERSON',
        paymentCompleted: true,
        paymentStatus: 'COMPLETED',
      },
    ],
    [
      'DISPUTED',
      { status: 'DISPUTED', disputeId: 'dispute-1', paymentCompleted: true, paymentStatus: 'COMPLETED' },
    ],
    ['COMPLETED', { status: 'COMPLETED', paymentCompleted: true, paymentStatus: 'RELEASED' }],
  ];

  it.each(cases)('shows no action in %s', async (_name, overrides) => {
    const { calls } = renderDetails(brokeredTrade(overrides));
    await shown();
    expect(screen.getByTestId('broker-note')).toHaveTextContent('You are the broker of this transaction.');
    expectNoAction();
    // Only what the broker may read: the transaction and its activity (no rating, handover code,
    // payment conditions or chat).
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const paths = calls.map((call) => call.path);
    expect(paths.every((path) => /^\/api\/transactions\/[^/]+(\/activities)?$/.test(path))).toBe(true);
  });

  it('tells the broker its commission, and that it cancels through the partner API', async () => {
    renderDetails(brokeredTrade({ status: 'ACTIVE' }));
    const note = await screen.findByTestId('broker-note');
    expect(note).toHaveTextContent('Your commission is ₦1,000.00');
    expect(note).toHaveTextContent('through the partner API');
    expect(
      within(screen.getByTestId('status-flow')).getByText('Waiting for buyer to provide delivery details'),
    ).toBeInTheDocument();
  });

  it('shows the broker only the Overview and Activity tabs, its role as Broker, and no chat', async () => {
    renderDetails(brokeredTrade({ status: 'WAITING_FOR_SHIPMENT' }));
    await shown();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Activity']);
    expect(screen.getByText('Your role').nextSibling).toHaveTextContent('Broker');
    expect(screen.queryByRole('button', { name: 'Chat with Counterparty' })).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('status-flow')).getByText('Waiting for seller to ship the item'),
    ).toBeInTheDocument();
  });

  it('says who has still to join a pending brokered trade', async () => {
    renderDetails(
      brokeredTrade({
        status: 'PENDING',
        counterpartyId: null,
        counterpartyName: null,
        buyerId: null,
        sellerId: SELLER_ID,
      }),
    );
    const panel = await shown();
    expect(panel).toHaveTextContent('Waiting for Buyer to Join');
  });

  it('reads the inspection window as an onlooker, without Extend', async () => {
    renderDetails(
      brokeredTrade({
        status: 'WAITING_FOR_BUYER_CONFIRMATION',
        paymentCompleted: true,
        autoReleaseAt: '2099-01-20T09:00:00.000Z',
      }),
    );
    const window = await screen.findByTestId('inspection-window');
    expect(window).toHaveTextContent('Funds will be released to the seller automatically');
    expect(window).not.toHaveTextContent('unless you confirm');
    expect(screen.queryByRole('button', { name: 'Extend inspection' })).not.toBeInTheDocument();
  });
});

describe('TransactionDetails: the parties of a brokered trade see the broker', () => {
  it('shows the buyer the broker and its commission in the summary, with their own steps', async () => {
    renderDetails(brokeredTrade({ viewerIsBroker: false, viewerRole: 'BUYER', status: 'ACTIVE' }));
    await shown();
    expect(screen.getByTestId('summary-broker')).toHaveTextContent('Market Place');
    expect(screen.getByTestId('summary-commission')).toHaveTextContent('₦1,000.00');
    expect(screen.getByTestId('summary-seller-receives')).toHaveTextContent('₦8,750.97');
    expect(screen.getByText('Seller', { selector: 'dt' }).nextSibling).toHaveTextContent('Sade Seller');
    expect(screen.getByText('Buyer', { selector: 'dt' }).nextSibling).toHaveTextContent('Bola Buyer');
    expect(screen.queryByTestId('broker-note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Fill Shipping Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel transaction' })).toBeInTheDocument();
  });

  it('shows the seller of a trade the buyer has not joined yet who is still awaited', async () => {
    renderDetails(
      brokeredTrade({
        viewerIsBroker: false,
        viewerRole: 'SELLER',
        status: 'PENDING',
        counterpartyId: null,
        counterpartyName: null,
        buyerId: null,
        sellerId: SELLER_ID,
      }),
    );
    const panel = await shown();
    expect(panel).toHaveTextContent('Waiting for Buyer to Join');
    expect(screen.getByText('Buyer', { selector: 'dt' }).nextSibling).toHaveTextContent('Waiting to join...');
    expect(screen.getByTestId('summary-broker')).toHaveTextContent('Market Place');
  });

  it('shows the buyer who joined first that the seller is still awaited', async () => {
    renderDetails(
      brokeredTrade({
        viewerIsBroker: false,
        viewerRole: 'BUYER',
        status: 'PENDING',
        creatorId: '',
        creatorName: '',
        counterpartyId: BUYER_ID,
        buyerId: BUYER_ID,
        sellerId: null,
      }),
    );
    const panel = await shown();
    expect(panel).toHaveTextContent('Waiting for Seller to Join');
    expect(screen.getByText('Seller', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'Waiting to join...',
    );
  });
});
