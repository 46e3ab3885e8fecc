import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { nubanCheckDigit } from '@escrow/shared/domain/nuban';
import { ok, renderWithClient, stubApi, type StubCall } from '../testing/wallet-test-utils';
import { AddBankAccountForm } from './add-bank-account-form';

const serial = '000012345';
const accountNumber = `${serial}${nubanCheckDigit('058', serial)}`;

function renderForm(addAnswer: () => { status?: number; body: unknown }) {
  const { calls } = stubApi({
    'GET /api/auth/2fa': () => ok({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
    'GET /api/banks': () => ok({ banks: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
    'POST /api/wallet/bank-accounts': addAnswer,
  });
  const onSaved = vi.fn();
  renderWithClient(<AddBankAccountForm onSaved={onSaved} />);
  return { calls, onSaved, user: userEvent.setup() };
}

const posts = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST');

describe('AddBankAccountForm', () => {
  it('focuses the first missing field with its message, and each message follows the fix', async () => {
    const { calls, user } = renderForm(() => ok({}));
    await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    const bank = screen.getByLabelText('Bank');
    const account = screen.getByLabelText('Account number');
    expect(bank).toHaveFocus();
    expect(bank).toHaveAccessibleDescription('Please select a bank');
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(account).toHaveAccessibleDescription('Please enter a valid 10-digit account number');

    await user.selectOptions(bank, '058');
    expect(bank).not.toHaveAccessibleDescription();
    // Only digits are kept as typed.
    await user.type(account, '0000-12345');
    expect(account).toHaveValue('000012345');
    await user.type(account, String(nubanCheckDigit('058', serial)));
    expect(account).not.toHaveAccessibleDescription();
    expect(posts(calls)).toHaveLength(0);
  });

  it('puts a server 400 on the field it names', async () => {
    const { calls, onSaved, user } = renderForm(() => ({
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: [
          { field: 'accountNumber', message: 'This account number is not valid for the selected bank' },
        ],
      },
    }));
    await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
    await user.selectOptions(screen.getByLabelText('Bank'), '058');
    await user.type(screen.getByLabelText('Account number'), accountNumber);
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    const account = screen.getByLabelText('Account number');
    await vi.waitFor(() =>
      expect(account).toHaveAccessibleDescription('This account number is not valid for the selected bank'),
    );
    expect(account).toHaveFocus();
    expect(posts(calls)[0]!.body).toEqual({ bankCode: '058', accountNumber });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
