import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Wallet } from '@escrow/shared/schemas/wallet';

export type StubCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Reply = { status?: number; body: unknown };
type Handler = (call: StubCall) => Reply | Promise<Reply>;

/**
 * Stubs fetch: answers "METHOD /api/path" (query string included) from `handlers`, records every call,
 * and fails loudly on a call the test did not expect.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === 'string' ? input : input.toString();
    const method = init.method ?? 'GET';
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected API call in test: ${method} ${path}`);
    const call = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, error: string, code: string) => ({
  status,
  body: { success: false, error, code },
});

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
