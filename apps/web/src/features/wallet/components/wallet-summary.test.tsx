import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeWallet, renderWithClient } from '../testing/wallet-test-utils';
import { WalletEntryRow } from './wallet-entry-row';
import { WalletLimitsCard, WalletSummary } from './wallet-summary';

const transactionsFigure = () => screen.getByText('Transactions').nextElementSibling?.textContent;

describe('WalletSummary', () => {
  it('shows the exact history count below the cap', () => {
    renderWithClient(<WalletSummary wallet={makeWallet({ transactionCount: 999 })} />);
    expect(transactionsFigure()).toBe('999');
  });

  it("shows '1,000+' once the server says the count is capped", () => {
    renderWithClient(
      <WalletSummary wallet={makeWallet({ transactionCount: 1000, transactionCountCapped: true })} />,
    );
    expect(transactionsFigure()).toBe('1,000+');
  });
});

describe('WalletLimitsCard', () => {
  it('says the cap limits deposits, not money earned', () => {
    renderWithClient(<WalletLimitsCard wallet={makeWallet({ balance: 450_000 })} />);
    const label = screen.getByText('Deposits can bring your balance up to');
    expect(label.nextElementSibling).toHaveTextContent('₦300,000.00');
    expect(screen.queryByText('Maximum balance')).not.toBeInTheDocument();
  });
});

describe('WalletEntryRow', () => {
  it('names the entry type without a stray comma', () => {
    const entry = {
      id: 'e1',
      type: 'escrow_release' as const,
      amount: 450_000,
      description: 'Escrow released to seller',
      date: '2026-11-20T10:00:00.000Z',
      status: 'completed' as const,
      reference: null,
      transactionId: null,
      counterparty: 'Ada Obi',
      outsideWallet: false,
    };
    renderWithClient(
      <ul>
        <WalletEntryRow entry={entry} />
      </ul>,
    );
    const line = screen.getByText('Escrow release').parentElement!;
    expect(line.textContent).toMatch(/^Escrow release · \d/);
    expect(line.textContent).not.toContain('Escrow release,');
  });
});
