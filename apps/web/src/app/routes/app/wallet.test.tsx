import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, makeWallet, ok, stubApi } from '../../../features/wallet/testing/wallet-test-utils';
import WalletPage from './wallet';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/wallet', element: <WalletPage /> }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const history = () => ok({ entries: [], total: 0, page: 1, limit: 10 });

describe('/app/wallet', () => {
  it('shows the figures, the limits and a link to verification', async () => {
    stubApi({
      'GET /api/wallet': () => ok({ wallet: makeWallet({ balance: 10_000, totalDeposits: 12_000 }) }),
      'GET /api/wallet/transactions?page=1&limit=10': history,
    });
    renderAt('/app/wallet');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦10,000.00');
    expect(screen.getByText('₦12,000.00')).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('₦300,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verification unlocks higher limits' })).toHaveAttribute(
      'href',
      '/app/verification',
    );
    expect(await screen.findByText(/No wallet activity yet/)).toBeInTheDocument();
  });

  it('opens the dialog named by ?action= and drops it from the URL when closed', async () => {
    stubApi({
      'GET /api/wallet': () => ok({ wallet: makeWallet() }),
      'GET /api/wallet/transactions?page=1&limit=10': history,
      'GET /api/wallet/bank-accounts': () => ok({ bankAccounts: [] }),
      'GET /api/banks': () => ok({ banks: [] }),
    });
    const router = renderAt('/app/wallet?action=withdraw');
    expect(await screen.findByRole('dialog', { name: 'Withdraw Funds' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('verifies a deposit the provider sent the user back from, once', async () => {
    const { calls } = stubApi({
      'GET /api/wallet': () => ok({ wallet: makeWallet({ provider: 'paystack', testMode: false }) }),
      'GET /api/wallet/transactions?page=1&limit=10': history,
      'POST /api/wallet/deposit/dep_abc/verify': () =>
        ok({ deposit: { reference: 'dep_abc', status: 'completed', amount: 5000 }, wallet: makeWallet() }),
    });
    const router = renderAt('/app/wallet?reference=dep_abc&trxref=dep_abc');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((c) => c.path === '/api/wallet/deposit/dep_abc/verify')).toHaveLength(1);
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
  });

  it('reports load failures with the spec texts', async () => {
    stubApi({
      'GET /api/wallet': () => fail(500, 'Internal server error', 'INTERNAL_ERROR'),
      'GET /api/wallet/transactions?page=1&limit=10': () =>
        fail(500, 'Internal server error', 'INTERNAL_ERROR'),
    });
    renderAt('/app/wallet');
    expect(await screen.findByText('Failed to load wallet information')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load transaction history')).toBeInTheDocument();
  });
});
