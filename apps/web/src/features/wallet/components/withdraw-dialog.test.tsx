import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { nubanCheckDigit } from '@escrow/shared/domain/nuban';
import type { BankAccount } from '@escrow/shared/schemas/wallet';
import { fail, makeWallet, ok, renderWithClient, stubApi, type StubCall } from '../testing/wallet-test-utils';
import { WithdrawDialog } from './withdraw-dialog';

const savedAccount: BankAccount = {
  id: 'acct-1',
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456789',
  accountName: 'ADA OBI',
  createdAt: '2026-01-15T10:00:00.000Z',
};

function stubWallet(
  accounts: BankAccount[],
  withdraw: (call: StubCall) => { status: number; body: unknown } = () =>
    ok({
      withdrawal: { reference: 'WDR-1', status: 'completed', amount: 1000, fee: 50 },
      wallet: makeWallet({ balance: 8950 }),
    }),
) {
  return stubApi({
    'GET /api/auth/2fa': () => ok({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
    'GET /api/wallet/bank-accounts': () => ok({ bankAccounts: accounts }),
    'GET /api/banks': () => ok({ banks: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
    'POST /api/wallet/withdraw': withdraw,
  });
}

function renderDialog(wallet = makeWallet()) {
  const onOpenChange = vi.fn();
  renderWithClient(<WithdrawDialog open onOpenChange={onOpenChange} wallet={wallet} />);
  return { onOpenChange, user: userEvent.setup() };
}

const withdrawCalls = (calls: StubCall[]) => calls.filter((c) => c.path === '/api/wallet/withdraw');

describe('WithdrawDialog', () => {
  it('shows the ₦50 fee on top and the total debited', async () => {
    stubWallet([savedAccount]);
    const { user } = renderDialog();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('₦50.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    expect(screen.getByTestId('withdraw-total')).toHaveTextContent('₦1,050.00');
  });

  it('refuses an amount that with the fee exceeds the balance, without calling the server', async () => {
    const { calls } = stubWallet([savedAccount]);
    const { user } = renderDialog(makeWallet({ balance: 10_000 }));
    await screen.findByText('ADA OBI');
    await user.type(screen.getByLabelText('Amount (₦)'), '9950.01');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(withdrawCalls(calls)).toHaveLength(0);
  });

  it('withdraws exactly the balance minus the fee from the chosen account', async () => {
    const { calls } = stubWallet([savedAccount]);
    const { user, onOpenChange } = renderDialog(makeWallet({ balance: 10_000 }));
    await screen.findByText('ADA OBI');
    await user.type(screen.getByLabelText('Amount (₦)'), '9950');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [call] = withdrawCalls(calls);
    expect(call!.body).toEqual({ amount: 9950, bankAccountId: 'acct-1' });
    expect(call!.headers['idempotency-key']).toBeTruthy();
  });

  it.each(['', '0', '1.001'])('refuses the amount %j', async (typed) => {
    const { calls } = stubWallet([savedAccount]);
    const { user } = renderDialog();
    await screen.findByText('ADA OBI');
    if (typed) await user.type(screen.getByLabelText('Amount (₦)'), typed);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid amount');
    expect(withdrawCalls(calls)).toHaveLength(0);
  });

  it('focuses the first refusal in screen order, each message beside its field', async () => {
    const { calls } = stubWallet([]);
    const { user } = renderDialog();
    await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    // No account yet: the picker comes first, its first control (the new account's bank) focused.
    expect(screen.getByRole('group', { name: 'Bank account' })).toHaveAccessibleDescription(
      'Please choose a bank account',
    );
    expect(screen.getByLabelText('Bank')).toHaveFocus();
    const amount = screen.getByLabelText('Amount (₦)');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Please enter a valid amount');
    await user.type(amount, '20');
    expect(amount).not.toHaveAccessibleDescription();
    expect(withdrawCalls(calls)).toHaveLength(0);
  });

  it('focuses a refused amount when an account is chosen', async () => {
    stubWallet([savedAccount]);
    const { user } = renderDialog();
    await screen.findByText('ADA OBI');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByLabelText('Amount (₦)')).toHaveFocus();
    expect(screen.getByLabelText('Amount (₦)')).toHaveAccessibleDescription('Please enter a valid amount');
  });

  it('puts a server 400 on the field it names', async () => {
    stubWallet([savedAccount], () => ({
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'amount', message: 'Amount is too large' }],
      },
    }));
    const { user } = renderDialog();
    await screen.findByText('ADA OBI');
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const amount = screen.getByLabelText('Amount (₦)');
    await vi.waitFor(() => expect(amount).toHaveAccessibleDescription('Amount is too large'));
    expect(amount).toHaveFocus();
  });

  it('adds a bank account, shows the resolved name and withdraws to it', async () => {
    const serial = '000012345';
    const accountNumber = `${serial}${nubanCheckDigit('058', serial)}`;
    const added: BankAccount = {
      ...savedAccount,
      id: 'acct-new',
      accountNumber,
      accountName: 'TEST ACCOUNT ONE',
    };
    const accounts: BankAccount[] = [];
    const { calls } = stubApi({
      'GET /api/auth/2fa': () => ok({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
      'GET /api/wallet/bank-accounts': () => ok({ bankAccounts: accounts }),
      'POST /api/wallet/bank-accounts': () => {
        accounts.push(added);
        return ok({ bankAccount: added });
      },
      'GET /api/banks': () => ok({ banks: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
      'POST /api/wallet/withdraw': () =>
        ok({
          withdrawal: { reference: 'WDR-2', status: 'completed', amount: 1000, fee: 50 },
          wallet: makeWallet(),
        }),
    });
    const { user, onOpenChange } = renderDialog();
    const bank = await screen.findByLabelText('Bank');
    await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
    // A wrong check digit is caught before any call.
    await user.selectOptions(bank, '058');
    await user.type(
      screen.getByLabelText('Account number'),
      `${serial}${(Number(accountNumber[9]) + 1) % 10}`,
    );
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(
      await screen.findByText('This account number is not valid for the selected bank'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), accountNumber);
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    const accountOption = await screen.findByRole('radio', { name: /TEST ACCOUNT ONE/ });
    expect(accountOption).toBeChecked();
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/wallet/bank-accounts')!.body).toEqual({
      bankCode: '058',
      accountNumber,
    });
    expect(withdrawCalls(calls).at(-1)!.body).toEqual({ amount: 1000, bankAccountId: 'acct-new' });
  });

  it('shows the spec text when the withdrawal fails', async () => {
    stubWallet([savedAccount], () => fail(500, 'Internal server error', 'INTERNAL_ERROR'));
    const { user } = renderDialog();
    await screen.findByText('ADA OBI');
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to process withdrawal');
  });
});
