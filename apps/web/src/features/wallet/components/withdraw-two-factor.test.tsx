import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BankAccount } from '@escrow/shared/schemas/wallet';
import { fail, makeWallet, ok, renderWithClient, stubApi, type StubCall } from '../testing/wallet-test-utils';
import { WithdrawDialog } from './withdraw-dialog';

/**
 * With two-factor sign-in on, a withdrawal and a bank-account change carry a code from the
 * authenticator app in the X-Two-Factor-Code header, asked for in a small dialog; a retry after a
 * two-factor refusal keeps the Idempotency-Key.
 */
const savedAccount: BankAccount = {
  id: 'acct-1',
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456789',
  accountName: 'ADA OBI',
  createdAt: '2026-01-15T10:00:00.000Z',
};
const withdrawn = () =>
  ok({
    withdrawal: { reference: 'WDR-1', status: 'completed', amount: 1000, fee: 50 },
    wallet: makeWallet({ balance: 8950 }),
  });

function stub(
  twoFactorOn: boolean,
  handlers: Record<string, (call: StubCall) => { status?: number; body: unknown }>,
) {
  return stubApi({
    'GET /api/auth/2fa': () =>
      ok({
        enabled: twoFactorOn,
        enabledAt: twoFactorOn ? '2026-02-01T10:00:00.000Z' : null,
        recoveryCodesLeft: 10,
      }),
    'GET /api/wallet/bank-accounts': () => ok({ bankAccounts: [savedAccount] }),
    'GET /api/banks': () => ok({ banks: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
    ...handlers,
  });
}

async function openAndWithdraw() {
  const onOpenChange = vi.fn();
  renderWithClient(<WithdrawDialog open onOpenChange={onOpenChange} wallet={makeWallet()} />);
  const user = userEvent.setup();
  await screen.findByText('ADA OBI');
  await user.type(screen.getByLabelText('Amount (₦)'), '1000');
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  return { user, onOpenChange };
}

const prompt = () => screen.findByRole('dialog', { name: 'Confirm with your authenticator app' });
const posts = (calls: StubCall[], path: string) => calls.filter((c) => c.method !== 'GET' && c.path === path);

describe('withdrawing with two-factor sign-in on', () => {
  it('asks for the code first, asks again after a wrong one, and sends it in the header with the same key', async () => {
    let tries = 0;
    const { calls } = stub(true, {
      'POST /api/wallet/withdraw': ({ headers }) => {
        tries += 1;
        return headers['x-two-factor-code'] === '654321'
          ? withdrawn()
          : fail(
              400,
              'That code is not right. Try the newest code in your authenticator app.',
              'INVALID_TWO_FACTOR_CODE',
            );
      },
    });
    const { user, onOpenChange } = await openAndWithdraw();

    const dialog = await prompt();
    // Nothing is sent before the code.
    expect(posts(calls, '/api/wallet/withdraw')).toHaveLength(0);
    const code = within(dialog).getByLabelText('6-digit code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    // A short code is refused here, without a call.
    await user.type(code, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app',
    );
    expect(tries).toBe(0);

    await user.clear(code);
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.type(code, '654 321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [wrong, right] = posts(calls, '/api/wallet/withdraw');
    expect(wrong!.headers['x-two-factor-code']).toBe('111111');
    expect(right!.headers['x-two-factor-code']).toBe('654321');
    expect(right!.body).toEqual({ amount: 1000, bankAccountId: 'acct-1' });
    expect(right!.headers['idempotency-key']).toBe(wrong!.headers['idempotency-key']);
  });

  it('takes a recovery code instead, in any case and with spaces, and sends it as the server reads it', async () => {
    const { calls } = stub(true, {
      'POST /api/wallet/withdraw': ({ headers }) =>
        headers['x-two-factor-code'] === 'k3m9x-2pq7d'
          ? withdrawn()
          : fail(400, 'That code is not right.', 'INVALID_TWO_FACTOR_CODE'),
    });
    const { user, onOpenChange } = await openAndWithdraw();
    const dialog = await prompt();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const code = within(dialog).getByLabelText('Recovery code');
    await vi.waitFor(() => expect(code).toHaveFocus());

    // A six-digit code is not a recovery code: refused here, without a call.
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a recovery code like k3m9x-2pq7d');
    expect(posts(calls, '/api/wallet/withdraw')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, ' K3M9X-2PQ7D ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts(calls, '/api/wallet/withdraw')[0]!.headers['x-two-factor-code']).toBe('k3m9x-2pq7d');
  });

  it('switches back to the authenticator app code', async () => {
    stub(true, { 'POST /api/wallet/withdraw': withdrawn });
    const { user } = await openAndWithdraw();
    const dialog = await prompt();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Use a code from your authenticator app' }));
    const code = within(dialog).getByLabelText('6-digit code');
    expect(code).toHaveValue('');
    await vi.waitFor(() => expect(code).toHaveFocus());
  });

  it('asks when the server says a code is missing, and retries with the same Idempotency-Key', async () => {
    const { calls } = stub(false, {
      'POST /api/wallet/withdraw': ({ headers }) =>
        headers['x-two-factor-code']
          ? withdrawn()
          : fail(
              403,
              'Enter a code from your authenticator app to confirm this.',
              'TWO_FACTOR_CODE_REQUIRED',
            ),
    });
    const { user, onOpenChange } = await openAndWithdraw();
    const dialog = await prompt();
    // The first refusal is not an error to show: it is the reason for the prompt.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('6-digit code'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [first, second] = posts(calls, '/api/wallet/withdraw');
    expect(first!.headers['x-two-factor-code']).toBeUndefined();
    expect(second!.headers['x-two-factor-code']).toBe('246810');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('sends nothing when the prompt is cancelled, and no header with two-factor sign-in off', async () => {
    const on = stub(true, { 'POST /api/wallet/withdraw': withdrawn });
    const { user } = await openAndWithdraw();
    const dialog = await prompt();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      screen.queryByRole('dialog', { name: 'Confirm with your authenticator app' }),
    ).not.toBeInTheDocument();
    expect(posts(on.calls, '/api/wallet/withdraw')).toHaveLength(0);
    // The withdrawal stays open for another try.
    expect(screen.getByRole('dialog', { name: 'Withdraw Funds' })).toBeInTheDocument();
  });

  it('sends a withdrawal straight away, without a header, when two-factor sign-in is off', async () => {
    const { calls } = stub(false, { 'POST /api/wallet/withdraw': withdrawn });
    const { onOpenChange } = await openAndWithdraw();
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts(calls, '/api/wallet/withdraw')[0]!.headers['x-two-factor-code']).toBeUndefined();
  });

  it('asks for the code to remove a bank account and sends it with the DELETE', async () => {
    const { calls } = stub(true, { 'DELETE /api/wallet/bank-accounts/acct-1': () => ok({}) });
    renderWithClient(<WithdrawDialog open onOpenChange={vi.fn()} wallet={makeWallet()} />);
    const user = userEvent.setup();
    await screen.findByText('ADA OBI');
    await user.click(screen.getByRole('button', { name: 'Remove Guaranty Trust Bank 0123456789' }));
    const dialog = await prompt();
    expect(posts(calls, '/api/wallet/bank-accounts/acct-1')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('6-digit code'), '135790');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(posts(calls, '/api/wallet/bank-accounts/acct-1')).toHaveLength(1));
    expect(posts(calls, '/api/wallet/bank-accounts/acct-1')[0]!.headers['x-two-factor-code']).toBe('135790');
    await vi.waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Confirm with your authenticator app' }),
      ).not.toBeInTheDocument(),
    );
  });
});
