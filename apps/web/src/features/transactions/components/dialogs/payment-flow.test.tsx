import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fail,
  makeTransaction,
  ok,
  renderWithProviders,
  stubApi,
} from '../../testing/transaction-test-utils';
import { PaymentFlow } from './payment-flow';

const tx = makeTransaction({ status: 'WAITING_FOR_PAYMENT', total: 153_750 });
const CONFIRM = `PUT /api/transactions/${tx.id}/confirm-payment`;
const INTENT = `POST /api/transactions/${tx.id}/payment-intent`;
const wallet = (balance: number, testMode = true, maxBalance: number | null = null) =>
  ok({
    wallet: {
      balance,
      currency: 'NGN',
      testMode,
      verificationLevel: maxBalance === null ? 'PREMIUM' : 'BASIC',
      limits: { dailyWithdrawal: 50_000, withdrawnToday: 0, maxBalance },
    },
  });

function renderFlow() {
  const onPaid = vi.fn();
  renderWithProviders(<PaymentFlow transaction={tx} onPaid={onPaid} />);
  return { onPaid, user: userEvent.setup() };
}

describe('PaymentFlow', () => {
  it('shows the real wallet balance and refuses a wallet that does not cover the total', async () => {
    const { calls } = stubApi({ 'GET /api/wallet': () => wallet(100_000) });
    renderFlow();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦100,000.00');
    expect(screen.getByText(/Insufficient wallet balance/)).toBeInTheDocument();
    // The deposit brings the buyer back to this payment.
    expect(screen.getByRole('link', { name: 'Deposit funds' })).toHaveAttribute(
      'href',
      `/app/wallet?action=deposit&returnTo=${encodeURIComponent(`/app/payment/${tx.id}`)}`,
    );
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeDisabled();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('steers a buyer whose wallet cannot hold the total to bank transfer or card', async () => {
    const { calls } = stubApi({ 'GET /api/wallet': () => wallet(20_000, true, 100_000) });
    const { user } = renderFlow();
    expect(
      await screen.findByText(
        'Your wallet can hold up to ₦100,000 until you verify your identity. Pay by bank transfer or card instead, or verify to raise the limit.',
      ),
    ).toBeInTheDocument();
    // Not the deposit hint: a deposit could never reach the total.
    expect(screen.queryByText(/Insufficient wallet balance/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/app/verification',
    );
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(screen.getByRole('radio', { name: /Card/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('pays from a wallet that covers the total, with an idempotency key', async () => {
    const { calls } = stubApi({
      'GET /api/wallet': () => wallet(200_000),
      [CONFIRM]: () => ok({ transaction: { ...tx, status: 'WAITING_FOR_SHIPMENT' } }),
    });
    const { user, onPaid } = renderFlow();
    await screen.findByText('₦200,000.00');
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Payment confirmed successfully!')).toBeInTheDocument();
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ status: 'WAITING_FOR_SHIPMENT' }));
    const confirm = calls.find((c) => c.method === 'PUT')!;
    expect(confirm.body).toEqual({ paymentMethod: 'WALLET' });
    expect(confirm.headers['idempotency-key']).toBeTruthy();
  });

  it('pays by bank transfer with the reference the server issued (test mode), and stays after a failure', async () => {
    let attempt = 0;
    const { calls } = stubApi({
      'GET /api/wallet': () => wallet(0),
      [INTENT]: () =>
        ok({
          paymentIntent: {
            reference: 'esc_abc123',
            authorizationUrl: null,
            testMode: true,
            amount: 153_750,
            currency: 'NGN',
            paymentMethod: 'BANK_TRANSFER',
          },
        }),
      [CONFIRM]: () =>
        ++attempt === 1
          ? fail(503, 'Service unavailable', 'SERVICE_UNAVAILABLE')
          : ok({ transaction: { ...tx, status: 'WAITING_FOR_SHIPMENT' } }),
    });
    const { user, onPaid } = renderFlow();
    await user.click(screen.getByText('Transfer from your bank account'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByTestId('payment-reference')).toHaveTextContent('esc_abc123');
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.queryByText(/verified within 24 hours/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Failed to confirm payment')).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalled());
    const confirms = calls.filter((c) => c.method === 'PUT');
    expect(confirms[0]!.body).toEqual({ paymentMethod: 'BANK_TRANSFER', paymentReference: 'esc_abc123' });
    // A retry after a 5xx is the same submission: same key.
    expect(confirms[1]!.headers['idempotency-key']).toBe(confirms[0]!.headers['idempotency-key']);
  });

  it('offers one primary action per choice: Continue to payment for a card, not a disabled Confirm', async () => {
    stubApi({
      'GET /api/wallet': () => wallet(0),
      [INTENT]: () =>
        ok({
          paymentIntent: {
            reference: 'esc_card1',
            authorizationUrl: null,
            testMode: true,
            amount: 153_750,
            currency: 'NGN',
            paymentMethod: 'CARD',
          },
        }),
    });
    const { user } = renderFlow();
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByText('Debit or credit card'));
    const actions = () => screen.getAllByRole('button').filter((b) => b.textContent !== 'Cancel');
    expect(actions().map((b) => b.textContent)).toEqual(['Continue to payment']);
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Confirm Payment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByTestId('payment-reference')).toHaveTextContent('esc_card1');
    expect(actions().map((b) => b.textContent)).toEqual(['Confirm Payment']);
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled();
    // Back to the wallet: its own single action again.
    await user.click(screen.getByText('Pay from your wallet balance'));
    expect(actions().map((b) => b.textContent)).toEqual(['Confirm Payment']);
  });

  it('describes real provider payments as verified within 24 hours', async () => {
    stubApi({
      'GET /api/wallet': () => wallet(0, false),
      [INTENT]: () =>
        ok({
          paymentIntent: {
            reference: 'esc_live1',
            authorizationUrl: null,
            testMode: false,
            amount: 153_750,
            currency: 'NGN',
            paymentMethod: 'CARD',
          },
        }),
    });
    const { user } = renderFlow();
    await user.click(screen.getByText('Debit or credit card'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(
      await screen.findByText('Bank and card payments are verified within 24 hours.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
  });
});
