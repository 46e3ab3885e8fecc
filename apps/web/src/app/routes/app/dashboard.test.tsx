import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { transactionListItemSchema } from '@escrow/shared/schemas/transactions';
import { fail, makeUser, ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { FakeSocket } from '../../../testing/fake-socket';
import { makeTransaction } from '../../../features/transactions/testing/transaction-test-utils';
import { createLiveChannel, setLiveChannelForTests } from '../../../lib/socket';
import DashboardPage from './dashboard';

const me = makeUser({ id: 'user-me', firstName: 'Ada', onboardingCompleted: true });
const STATS = 'GET /api/transactions/stats';
const RECENT = 'GET /api/transactions/my-transactions?page=1&limit=5';
/** The list answers slim items (only the list item's fields) and paging by `hasMore`. */
const listItem = (...args: Parameters<typeof makeTransaction>) =>
  transactionListItemSchema.parse(makeTransaction(...args));
const listPage = (transactions: unknown[], total = transactions.length) => ({
  transactions,
  page: 1,
  limit: 5,
  hasMore: total > transactions.length,
  total,
  totalCapped: false,
});

function Nav() {
  return (
    <nav>
      <a href="/app/messages">Messages</a>
      <a href="/app/wallet">Wallet</a>
      <a href="/app/notifications">Notifications</a>
    </nav>
  );
}

function renderDashboard(handlers: Parameters<typeof stubApi>[0]) {
  const { calls } = stubApi({
    'GET /api/auth/me': () => ok({ user: me, previousSignInAt: '2026-03-01T10:00:00.000Z' }),
    ...handlers,
  });
  renderWithApp(
    [
      {
        path: '/app/dashboard',
        element: (
          <>
            <Nav />
            <DashboardPage />
          </>
        ),
      },
    ],
    '/app/dashboard',
  );
  return calls;
}

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  setLiveChannelForTests(createLiveChannel((token) => new FakeSocket(token).asSocket()));
});
afterEach(() => {
  setLiveChannelForTests(null);
});

describe('Dashboard', () => {
  it('greets a user on their first sign-in with Welcome, not Welcome back', async () => {
    renderDashboard({
      'GET /api/auth/me': () => ok({ user: me, previousSignInAt: null }),
      [STATS]: () => ok({ total: 0, totalValue: 0, valueByCurrency: [], active: 0, completed: 0 }),
      [RECENT]: () => ok(listPage([])),
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('greets the user and shows the server’s stats and the newest transactions', async () => {
    const created = listItem({
      id: '0192f5a4-7d5e-7000-8000-0000aaaa1111',
      creatorId: 'user-me',
      description: 'Camera',
    });
    const joined = listItem({
      id: '0192f5a4-7d5e-7000-8000-0000bbbb2222',
      creatorId: 'someone',
      description: 'Phone',
      status: 'WAITING_FOR_BUYER_CONFIRMATION',
    });
    renderDashboard({
      [STATS]: () => ok({ total: 7, totalValue: 1_250_000.5, valueByCurrency: [], active: 4, completed: 3 }),
      [RECENT]: () => ok(listPage([created, joined], 7)),
    });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(await screen.findByTestId('stat-total-transactions')).toHaveTextContent('7');
    expect(screen.getByTestId('stat-total-value')).toHaveTextContent('₦1,250,000');
    expect(screen.getByTestId('stat-active')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('3');
    const rows = within(await screen.findByRole('list', { name: 'Recent transactions' })).getAllByRole(
      'link',
    );
    expect(rows[0]).toHaveAttribute('href', `/app/transactions/${created.id}`);
    expect(rows[0]).toHaveTextContent('Created · #aaaa1111');
    expect(rows[1]).toHaveTextContent('Joined · #bbbb2222');
    expect(rows[1]).toHaveTextContent('In Transit');
    expect(screen.getByRole('link', { name: 'Security Settings' })).toHaveAttribute('href', '/app/profile');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/app/transactions');
  });

  it('asks the server for the 5 newest matching the search and status filter', async () => {
    const calls = renderDashboard({
      [STATS]: () => ok({ total: 1, totalValue: 10, valueByCurrency: [], active: 1, completed: 0 }),
      [RECENT]: () => ok(listPage([listItem()])),
      [`${RECENT}&status=COMPLETED`]: () => ok(listPage([])),
      [`${RECENT}&status=COMPLETED&q=cam`]: () => ok(listPage([])),
    });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Recent transactions' });
    await user.selectOptions(screen.getByLabelText('Status'), 'In Transit');
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await user.type(screen.getByLabelText('Search recent transactions'), 'cam');
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    const urls = calls.map((call) => call.path);
    expect(urls).toContain('/api/transactions/my-transactions?page=1&limit=5&status=COMPLETED&q=cam');
  });

  it('shows the empty state to a new user', async () => {
    renderDashboard({
      [STATS]: () => ok({ total: 0, totalValue: 0, valueByCurrency: [], active: 0, completed: 0 }),
      [RECENT]: () => ok(listPage([])),
    });
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.getByText('Start trading to see your transactions here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Transaction' })).toHaveAttribute(
      'href',
      '/app/create-transaction',
    );
  });

  it('empties the list and zeroes the stats when loading fails, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard({
      [STATS]: () => fail(500, 'Internal server error', 'INTERNAL_ERROR'),
      [RECENT]: () => fail(500, 'Internal server error', 'INTERNAL_ERROR'),
    });
    expect(await screen.findByText('No transactions yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('stat-total-transactions')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-total-value')).toHaveTextContent('₦0');
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    log.mockRestore();
  });
});
