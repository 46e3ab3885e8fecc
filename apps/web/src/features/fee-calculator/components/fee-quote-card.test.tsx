import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { estimateFee } from '@escrow/shared/domain/fee-estimate';
import { FeeQuoteCard } from './fee-quote-card';

// A quote of ₦250.03 on ₦10,001.00 (what 2.5% comes to): the odd kobo shows how SPLIT rounds.
const quote = {
  ...estimateFee({
    mode: 'estimate',
    amountMinor: 1_000_100,
    currency: 'NGN',
    transactionType: 'GOODS',
    deliveryMethod: 'PICKUP',
    paymentMethod: 'BANK_TRANSFER',
  }),
  feeAmount: 250.03,
  totalAmount: 10_251.03,
};

describe('FeeQuoteCard payer switch', () => {
  it('shows what the buyer pays and the seller receives for each fee payer', async () => {
    const user = userEvent.setup();
    render(<FeeQuoteCard quote={quote} />);
    const figures = () => ({
      buyer: screen.getByTestId('fee-buyer-pays').textContent,
      seller: screen.getByTestId('fee-seller-receives').textContent,
    });
    expect(screen.getByRole('group', { name: 'Who pays the fee?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Buyer pays the fee' })).toBeChecked();
    expect(figures()).toEqual({ buyer: '₦10,251.03', seller: '₦10,001.00' });

    await user.click(screen.getByRole('radio', { name: 'Seller pays the fee' }));
    expect(figures()).toEqual({ buyer: '₦10,001.00', seller: '₦9,750.97' });

    await user.click(screen.getByRole('radio', { name: 'Split 50/50' }));
    expect(figures()).toEqual({ buyer: '₦10,126.02', seller: '₦9,875.99' });
    // The quote's own figures stay as the server gave them.
    expect(screen.getByTestId('fee-amount')).toHaveTextContent('₦250.03');
  });
});
