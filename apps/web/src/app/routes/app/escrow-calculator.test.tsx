import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { estimateFee } from '@escrow/shared/domain/fee-estimate';
import { fail, ok, stubApi } from '../../../features/wallet/testing/wallet-test-utils';
import EscrowCalculatorPage from './escrow-calculator';

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
    // Next to the category and as a toast.
    expect(await screen.findAllByText('Please fill in all required fields')).toHaveLength(2);
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription(
      'Please fill in all required fields',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('puts each refusal next to its field and focuses the first', async () => {
    const { calls } = stubApi({ 'GET /api/escrow-calculator/history?page=1&limit=10': emptyHistory });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    const amount = screen.getByLabelText('Transaction Amount');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription('Please fill in all required fields');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription(
      'Please fill in all required fields',
    );

    // A typed amount that is not one: the schema's own words, and the message follows the fix.
    await user.type(amount, 'abc');
    expect(amount).toHaveAccessibleDescription('Please enter a valid amount');
    await user.clear(amount);
    await user.type(amount, '2500');
    expect(amount).not.toHaveAccessibleDescription();
    await user.selectOptions(screen.getByLabelText('Category'), 'Other');
    expect(screen.getByLabelText('Category')).not.toHaveAccessibleDescription();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a server 400 on the field it names', async () => {
    stubApi({
      'GET /api/escrow-calculator/history?page=1&limit=10': emptyHistory,
      'POST /api/escrow-calculator/calculate': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'categoryName', message: 'Please choose a category from the list' }],
        },
      }),
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('Transaction Amount'), '1000');
    await user.selectOptions(screen.getByLabelText('Category'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    const category = screen.getByLabelText('Category');
    await vi.waitFor(() =>
      expect(category).toHaveAccessibleDescription('Please choose a category from the list'),
    );
    expect(category).toHaveFocus();
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
