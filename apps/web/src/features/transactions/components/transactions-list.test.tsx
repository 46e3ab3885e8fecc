import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  transactionListItemSchema,
  type TransactionList,
  type TransactionListItem,
} from '@escrow/shared/schemas/transactions';
import { createLiveChannel, setLiveChannelForTests } from '../../../lib/socket';
import { makeUser, ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { FakeSocket } from '../../../testing/fake-socket';
import { TransactionsList } from './transactions-list';

const me = makeUser({ id: 'user-me', firstName: 'Ada', lastName: 'Obi', onboardingCompleted: true });
const LIST = '/api/transactions/my-transactions';

/** A list item exactly as the server sends it: the slim shape, nothing of the full transaction. */
function item(n: number, overrides: Partial<TransactionListItem> = {}): TransactionListItem {
  return transactionListItemSchema.strict().parse({
    id: `0192f5a4-7d5e-7000-8000-${String(n).padStart(12, '0')}`,
    description: `Item ${n}`,
    currency: 'NGN',
    price: 150_000.75,
    fee: 3_750.02,
    total: 153_750.77,
    useCourier: false,
    status: 'ACTIVE',
    creatorId: 'user-me',
    creatorName: 'Ada Obi',
    creatorRole: 'BUYER',
    counterpartyId: 'user-bola',
    counterpartyName: 'Bola Seller',
    viewerRole: 'BUYER',
    autoReleaseAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  });
}

function pageOf(page: number, count: number, rest: Partial<TransactionList> = {}): TransactionList {
  const start = (page - 1) * 20;
  return {
    transactions: Array.from({ length: count }, (_, i) => item(start + i + 1)),
    page,
    limit: 20,
    hasMore: false,
    total: start + count,
    totalCapped: false,
    ...rest,
  };
}

function renderList(pages: Record<string, () => TransactionList>) {
  const handlers = Object.fromEntries(
    Object.entries(pages).map(([query, answer]) => [`GET ${LIST}?${query}`, () => ok(answer())]),
  );
  const { calls } = stubApi({ 'GET /api/auth/me': () => ok({ user: me }), ...handlers });
  renderWithApp([{ path: '/app/transactions', element: <TransactionsList /> }], '/app/transactions');
  const listCalls = () => calls.map((call) => call.path).filter((url) => url.startsWith(LIST));
  return { listCalls };
}

const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  setLiveChannelForTests(createLiveChannel((token) => new FakeSocket(token).asSocket()));
});
afterEach(() => {
  setLiveChannelForTests(null);
});

describe('My Transactions list', () => {
  it('shows each card from the slim list item: role, status, next step, the other party, amount, View', async () => {
    const joined = item(2, {
      description: 'Generator',
      creatorId: 'user-musa',
      creatorName: 'Musa Vendor',
      creatorRole: 'SELLER',
      counterpartyId: 'user-me',
      counterpartyName: 'Ada Obi',
      viewerRole: 'BUYER',
      status: 'WAITING_FOR_SHIPMENT',
    });
    const pending = item(3, {
      description: 'Camera',
      status: 'PENDING',
      counterpartyId: null,
      counterpartyName: null,
    });
    const inspecting = item(4, {
      status: 'WAITING_FOR_BUYER_CONFIRMATION',
      autoReleaseAt: new Date(Date.now() + 2 * 86_400_000 + 5 * 3_600_000 + 600_000).toISOString(),
    });
    renderList({
      'page=1&limit=20': () => ({
        ...pageOf(1, 0),
        transactions: [item(1), joined, pending, inspecting],
        total: 4,
      }),
    });
    const cards = within(await screen.findByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[3]).toHaveTextContent(
      'Waiting for Buyer Confirmation · Releases automatically in 2 days 5 hours',
    );
    expect(cards[0]).not.toHaveTextContent('Releases automatically');
    expect(cards[0]).toHaveTextContent('Buyer');
    expect(cards[0]).toHaveTextContent('Active');
    expect(cards[0]).toHaveTextContent('Proceed to Payment · with Bola Seller');
    expect(cards[0]).toHaveTextContent('₦150,000');
    expect(cards[0]).toHaveTextContent('#00000001');
    expect(cards[1]).toHaveTextContent('Waiting for Shipment · with Musa Vendor');
    expect(cards[2]).toHaveTextContent('Waiting for Seller to Join');
    expect(cards[2]).not.toHaveTextContent('with');
    expect(within(cards[1]!).getByRole('link', { name: 'View Generator' })).toHaveAttribute(
      'href',
      `/app/transactions/${joined.id}`,
    );
    // One page and nothing more: the exact total, and no paging controls.
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 1–4 of 4');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages with Previous and Next from hasMore, shows the page number, and 1,000+ past the count', async () => {
    const { listCalls } = renderList({
      'page=1&limit=20': () => pageOf(1, 20, { hasMore: true, total: 1000, totalCapped: true }),
      'page=2&limit=20': () => pageOf(2, 20, { hasMore: true, total: 1000, totalCapped: true }),
      'page=3&limit=20': () => pageOf(3, 5, { hasMore: false, total: 1000, totalCapped: true }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Item 1')).toBeInTheDocument();
    expect(within(pagination()).getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 1–20 of 1,000+');
    expect(within(pagination()).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Item 21')).toBeInTheDocument();
    expect(screen.queryByText('Item 1')).not.toBeInTheDocument();
    expect(within(pagination()).getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 21–40 of 1,000+');

    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Item 45')).toBeInTheDocument();
    expect(within(pagination()).getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 41–45 of 1,000+');
    expect(within(pagination()).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pagination()).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Item 21')).toBeInTheDocument();
    expect(within(pagination()).getByText('Page 2')).toBeInTheDocument();
    expect(listCalls()).toEqual([
      `${LIST}?page=1&limit=20`,
      `${LIST}?page=2&limit=20`,
      `${LIST}?page=3&limit=20`,
    ]);
  });

  it('shows an exact total below 1,000, and goes back to page 1 when a filter changes', async () => {
    const { listCalls } = renderList({
      'page=1&limit=20': () => pageOf(1, 20, { hasMore: true, total: 999 }),
      'page=2&limit=20': () => pageOf(2, 20, { hasMore: true, total: 999 }),
      'page=1&limit=20&status=COMPLETED': () => pageOf(1, 2, { total: 2 }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Item 1')).toBeInTheDocument();
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 1–20 of 999');
    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(listCalls().at(-1)).toBe(`${LIST}?page=1&limit=20&status=COMPLETED`);
  });

  it('keeps Previous on an empty later page, and says no transactions were found', async () => {
    renderList({
      'page=1&limit=20': () => pageOf(1, 20, { hasMore: true, total: 20 }),
      'page=2&limit=20': () => pageOf(2, 0, { hasMore: false, total: 20 }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Item 1')).toBeInTheDocument();
    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(within(pagination()).getByText('Page 2')).toBeInTheDocument();
    await user.click(within(pagination()).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Item 1')).toBeInTheDocument();
  });
});

describe('My Transactions list: a brokered trade', () => {
  it('shows the broker its brokered trade with the role Broker, between its parties, and no step to take', async () => {
    const brokered = item(7, {
      description: 'Brokered phone',
      creatorId: 'user-segun',
      creatorName: 'Segun Seller',
      creatorRole: 'SELLER',
      counterpartyId: 'user-bimpe',
      counterpartyName: 'Bimpe Buyer',
      viewerRole: 'BUYER',
      viewerIsBroker: true,
      status: 'ACTIVE',
    });
    renderList({
      'page=1&limit=20': () => ({ ...pageOf(1, 0), transactions: [brokered, item(1)], total: 2 }),
    });
    const cards = within(await screen.findByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    // The role badge says Broker, not the stand-in viewerRole.
    expect(within(cards[0]!).getByText('Broker')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Buyer')).not.toBeInTheDocument();
    expect(cards[0]).toHaveTextContent(
      'Waiting for buyer to make payment · between Segun Seller and Bimpe Buyer',
    );
    expect(cards[0]).not.toHaveTextContent('Proceed to Payment');
    expect(cards[1]).toHaveTextContent('Proceed to Payment · with Bola Seller');
    expect(within(cards[1]!).queryByText('Broker')).not.toBeInTheDocument();
  });
});
