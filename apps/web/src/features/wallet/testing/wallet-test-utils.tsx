import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Wallet } from '@escrow/shared/schemas/wallet';

export { fail, ok, stubApi, type StubCall } from '../../../testing/api-mock';

export function renderWithClient(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balance: 10_000,
    currency: 'NGN',
    pendingEscrow: 2_500,
    totalDeposits: 10_000,
    totalWithdrawals: 0,
    transactionCount: 1,
    transactionCountCapped: false,
    verificationLevel: 'BASIC',
    limits: { dailyWithdrawal: 50_000, withdrawnToday: 0, maxBalance: 300_000 },
    withdrawalFee: 50,
    provider: 'sandbox',
    testMode: true,
    ...overrides,
  };
}
