import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeWallet, renderWithClient } from '../testing/wallet-test-utils';
import { WalletSummary } from './wallet-summary';

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
