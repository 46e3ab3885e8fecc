import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WalletEntry } from '@escrow/shared/schemas/wallet';
import { fail, makeWallet, ok, renderWithClient, stubApi } from '../testing/wallet-test-utils';
import { WalletDropdown } from './wallet-dropdown';

const entry = (id: string, description: string, amount: number, type: WalletEntry['type']): WalletEntry => ({
  id,
  type,
  amount,
  description,
  date: '2026-02-01T10:00:00.000Z',
  status: 'completed',
  reference: `REF-${id}`,
  transactionId: null,
  counterparty: null,
  outsideWallet: false,
});

describe('WalletDropdown', () => {
  it('shows balance, escrow, the 3 latest items and the wallet links', async () => {
    const { calls } = stubApi({
      'GET /api/wallet': () => ok({ wallet: makeWallet({ balance: 12_345.5, pendingEscrow: 2_500 }) }),
      'GET /api/wallet/transactions?page=1&limit=3': () =>
        ok({
          entries: [
            entry('1', 'Wallet deposit', 5000, 'credit'),
            entry('2', 'Withdrawal to GTBank', 1000, 'debit'),
            entry('3', 'Withdrawal fee', 50, 'fee'),
          ],
          total: 7,
          page: 1,
          limit: 3,
        }),
    });
    const user = userEvent.setup();
    renderWithClient(<WalletDropdown />);
    const trigger = await screen.findByRole('button', { name: /^Wallet / });
    await vi.waitFor(() => expect(trigger).toHaveTextContent('₦12,345.50'));
    await user.click(trigger);
    const panel = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(within(panel).getByText('₦2,500.00')).toBeInTheDocument();
    expect(await within(panel).findByText('Wallet deposit')).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getByText('+₦5,000.00')).toBeInTheDocument();
    expect(within(panel).getByText('−₦50.00')).toBeInTheDocument();
    expect(within(panel).getByText('Test mode')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View Full Wallet' })).toHaveAttribute(
      'href',
      '/app/wallet',
    );
    expect(within(panel).getByRole('link', { name: 'Deposit Funds' })).toHaveAttribute(
      'href',
      '/app/wallet?action=deposit',
    );
    expect(within(panel).getByRole('link', { name: 'Withdraw Funds' })).toHaveAttribute(
      'href',
      '/app/wallet?action=withdraw',
    );
    // The history is only fetched once the panel opens.
    expect(calls.filter((c) => c.path.startsWith('/api/wallet/transactions'))).toHaveLength(1);
  });

  it('masks every amount and remembers the choice for the session', async () => {
    stubApi({
      'GET /api/wallet': () => ok({ wallet: makeWallet({ balance: 7_000 }) }),
      'GET /api/wallet/transactions?page=1&limit=3': () =>
        ok({ entries: [entry('1', 'Wallet deposit', 7000, 'credit')], total: 1, page: 1, limit: 3 }),
    });
    const user = userEvent.setup();
    renderWithClient(<WalletDropdown />);
    const trigger = await screen.findByRole('button', { name: /^Wallet / });
    await vi.waitFor(() => expect(trigger).toHaveTextContent('₦7,000.00'));
    await user.click(trigger);
    const panel = await screen.findByRole('dialog', { name: 'Wallet' });
    await within(panel).findByText('Wallet deposit');
    await user.click(within(panel).getByRole('button', { name: 'Hide amounts' }));
    expect(panel).not.toHaveTextContent('7,000');
    expect(trigger).not.toHaveTextContent('7,000');
    expect(sessionStorage.getItem('wallet:amountsHidden')).toBe('true');
    expect(within(panel).getByRole('button', { name: 'Show amounts' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('starts masked when the user hides amounts by default, until they reveal them this session', async () => {
    sessionStorage.clear();
    stubApi({
      'GET /api/wallet': () => ok({ wallet: makeWallet({ balance: 7_000 }) }),
      'GET /api/wallet/transactions?page=1&limit=3': () => ok({ entries: [], total: 0, page: 1, limit: 3 }),
    });
    const user = userEvent.setup();
    renderWithClient(<WalletDropdown hiddenByDefault />);
    const trigger = await screen.findByRole('button', { name: /^Wallet / });
    await vi.waitFor(() => expect(trigger).toHaveTextContent('₦ ••••••'));
    expect(trigger).not.toHaveTextContent('7,000');
    await user.click(trigger);
    const panel = await screen.findByRole('dialog', { name: 'Wallet' });
    await user.click(within(panel).getByRole('button', { name: 'Show amounts' }));
    expect(trigger).toHaveTextContent('₦7,000.00');
    expect(sessionStorage.getItem('wallet:amountsHidden')).toBe('false');
    sessionStorage.clear();
  });

  it('says when the wallet cannot be loaded', async () => {
    stubApi({
      'GET /api/wallet': () => fail(500, 'Internal server error', 'INTERNAL_ERROR'),
      'GET /api/wallet/transactions?page=1&limit=3': () =>
        fail(500, 'Internal server error', 'INTERNAL_ERROR'),
    });
    const user = userEvent.setup();
    renderWithClient(<WalletDropdown />);
    await user.click(await screen.findByRole('button', { name: /^Wallet / }));
    expect(await screen.findByText('Failed to load wallet information')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load transaction history')).toBeInTheDocument();
  });
});
