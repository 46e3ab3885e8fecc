import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, makeWallet, ok, renderWithClient, stubApi } from '../testing/wallet-test-utils';
import { DepositDialog } from './deposit-dialog';

function renderDialog(wallet = makeWallet()) {
  const onOpenChange = vi.fn();
  renderWithClient(<DepositDialog open onOpenChange={onOpenChange} wallet={wallet} />);
  return { onOpenChange, user: userEvent.setup() };
}

describe('DepositDialog', () => {
  it.each(['', '0', '-5', '12.345', 'abc'])(
    'refuses the amount %j without calling the server',
    async (typed) => {
      const { calls } = stubApi({});
      const { user } = renderDialog();
      if (typed) await user.type(screen.getByLabelText('Amount (₦)'), typed);
      await user.click(screen.getByRole('button', { name: 'Deposit' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid amount');
      expect(calls).toHaveLength(0);
    },
  );

  it('focuses the amount with its message on a refused submit; the message follows the fix', async () => {
    const { calls } = stubApi({});
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    const amount = screen.getByLabelText('Amount (₦)');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Please enter a valid amount');
    await user.type(amount, '250');
    expect(amount).not.toHaveAccessibleDescription();
    expect(calls).toHaveLength(0);
  });

  it('puts a server 400 on the amount field', async () => {
    stubApi({
      'POST /api/wallet/deposit': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'amount', message: 'Amount is too large' }],
        },
      }),
    });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    const amount = screen.getByLabelText('Amount (₦)');
    await vi.waitFor(() => expect(amount).toHaveAccessibleDescription('Amount is too large'));
    expect(amount).toHaveFocus();
  });

  it('deposits with an idempotency key and closes on success', async () => {
    const { calls } = stubApi({
      'POST /api/wallet/deposit': () =>
        ok({ deposit: { reference: 'DEP-1', status: 'completed', amount: 5000 }, wallet: makeWallet() }),
    });
    const { user, onOpenChange } = renderDialog();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (₦)'), '5,000.50');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ amount: 5000.5 });
    expect(calls[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('shows the spec text when the deposit fails without a reason', async () => {
    stubApi({ 'POST /api/wallet/deposit': () => fail(500, 'Internal server error', 'INTERNAL_ERROR') });
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process deposit');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('shows the server’s reason for a refusal (limit)', async () => {
    const text =
      'This deposit would take your balance above ₦300,000.00. Verify your identity to raise the limit.';
    stubApi({ 'POST /api/wallet/deposit': () => fail(422, text, 'LIMIT_EXCEEDED') });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount (₦)'), '400000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('retries a failed submission with the same key, a new amount with a new key', async () => {
    let attempt = 0;
    const { calls } = stubApi({
      'POST /api/wallet/deposit': () => {
        attempt += 1;
        return attempt === 1
          ? fail(503, 'Service unavailable', 'SERVICE_UNAVAILABLE')
          : fail(422, 'Limit reached', 'LIMIT_EXCEEDED');
      },
    });
    const { user } = renderDialog();
    const input = screen.getByLabelText('Amount (₦)');
    await user.type(input, '1000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await screen.findByText('Failed to process deposit');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await screen.findByText('Limit reached');
    await user.clear(input);
    await user.type(input, '2000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    const [first, second, third] = calls.map((c) => c.headers['idempotency-key']);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  describe('started from a payment', () => {
    function renderFromPayment(returnTo: string) {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const onOpenChange = vi.fn();
      render(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter
            initialEntries={[
              '/app/transactions/tx-1',
              `/app/wallet?action=deposit&returnTo=${encodeURIComponent(returnTo)}`,
            ]}
          >
            <Routes>
              <Route
                path="/app/wallet"
                element={<DepositDialog open onOpenChange={onOpenChange} wallet={makeWallet()} />}
              />
              <Route path="/app/payment/:id" element={<h1>Payment page</h1>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      return { onOpenChange, user: userEvent.setup() };
    }

    it('goes back to the payment once the deposit is in, and offers the way back before', async () => {
      stubApi({
        'POST /api/wallet/deposit': () =>
          ok({ deposit: { reference: 'DEP-2', status: 'completed', amount: 60_000 }, wallet: makeWallet() }),
      });
      const { user } = renderFromPayment('/app/payment/tx-1');
      expect(screen.getByRole('link', { name: 'Back to the payment' })).toHaveAttribute(
        'href',
        '/app/payment/tx-1',
      );
      await user.type(screen.getByLabelText('Amount (₦)'), '60000');
      await user.click(screen.getByRole('button', { name: 'Deposit' }));
      expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    });

    it('ignores a return address outside the app’s payment pages', async () => {
      stubApi({
        'POST /api/wallet/deposit': () =>
          ok({ deposit: { reference: 'DEP-3', status: 'completed', amount: 1_000 }, wallet: makeWallet() }),
      });
      const { user, onOpenChange } = renderFromPayment('https://evil.example/app/payment/x');
      expect(screen.queryByRole('link', { name: 'Back to the payment' })).not.toBeInTheDocument();
      await user.type(screen.getByLabelText('Amount (₦)'), '1000');
      await user.click(screen.getByRole('button', { name: 'Deposit' }));
      await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
      expect(screen.queryByRole('heading', { name: 'Payment page' })).not.toBeInTheDocument();
    });
  });
});
