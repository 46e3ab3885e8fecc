import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimateFee } from '@escrow/shared/domain/fee-estimate';
import { fail, ok, stubApi } from '../../../features/wallet/testing/wallet-test-utils';
import EscrowCalculatorPage from './escrow-calculator';

afterEach(() => vi.unstubAllGlobals());

const emptyHistory = () => ok({ calculations: [], total: 0, page: 1, limit: 10 });

function renderPage() {
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <EscrowCalculatorPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('/app/escrow-calculator', () => {
  it('asks for amount and category before calling the server', async () => {
    const { calls } = stubApi({ 'GET /api/escrow-calculator/history?page=1&limit=10': emptyHistory });
    const user = renderPage();
    await user.type(screen.getByLabelText('Transaction Amount'), '5000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the quote with fee, total, risk level and the estimate note', async () => {
    const quote = estimateFee({
      mode: 'calculate',
      amountMinor: 15_000_000,
      currency: 'NGN',
      transactionType: 'GOODS',
      deliveryMethod: 'SHIPPING',
      paymentMethod: 'CARD',
      verificationLevel: 'BASIC',
      trustScore: 0,
    });
    const { calls } = stubApi({
      'GET /api/escrow-calculator/history?page=1&limit=10': emptyHistory,
      'POST /api/escrow-calculator/calculate': () =>
        ok({ ...quote, id: 'calc-1', categoryName: 'Electronics', createdAt: '2026-02-01T10:00:00.000Z' }),
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('Transaction Amount'), '150,000');
    await user.selectOptions(screen.getByLabelText('Category'), 'Electronics');
    await user.selectOptions(screen.getByLabelText('Delivery Method'), 'SHIPPING');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'CARD');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // (1.5 + 0.3 + 0.2 + 0.1 + 0.2 + 0.2) × 1.5 × 1.4 = 2.5 × 2.1 = 5.25% → capped at 5%; 150,000 × 5% = 7,500
    expect(await screen.findByTestId('fee-percentage')).toHaveTextContent('5%');
    expect(screen.getByTestId('fee-amount')).toHaveTextContent('₦7,500.00');
    expect(screen.getByTestId('fee-total')).toHaveTextContent('₦157,500.00');
    expect(screen.getByText('Medium risk')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('2.5%');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      transactionAmount: 150_000,
      currency: 'NGN',
      transactionType: 'GOODS',
      categoryName: 'Electronics',
      deliveryMethod: 'SHIPPING',
      paymentMethod: 'CARD',
    });
  });

  it('says so when the calculation fails', async () => {
    stubApi({
      'GET /api/escrow-calculator/history?page=1&limit=10': emptyHistory,
      'POST /api/escrow-calculator/calculate': () => fail(500, 'Internal server error', 'INTERNAL_ERROR'),
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('Transaction Amount'), '1000');
    await user.selectOptions(screen.getByLabelText('Category'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Failed to calculate fee')).toBeInTheDocument();
  });
});
