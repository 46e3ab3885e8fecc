import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TransactionCalculator } from './transaction-calculator';

const shown = () => ({
  price: screen.getByTestId('calc-price').textContent,
  fee: screen.getByTestId('calc-fee').textContent,
  total: screen.getByTestId('calc-total').textContent,
});

describe('TransactionCalculator', () => {
  it('shows the fee and the total in naira with two decimals as the visitor types', async () => {
    const user = userEvent.setup();
    render(<TransactionCalculator />);
    expect(shown()).toEqual({ price: '₦0.00', fee: '₦0.00', total: '₦0.00' });

    await user.type(screen.getByLabelText('Item price in naira'), '150000');
    expect(shown()).toEqual({ price: '₦150,000.00', fee: '₦3,750.00', total: '₦153,750.00' });
    expect(screen.getByText(/The seller receives the full price/)).toHaveTextContent('₦150,000.00');
  });

  it('counts letters and other non-numeric input as 0', async () => {
    const user = userEvent.setup();
    render(<TransactionCalculator />);
    const input = screen.getByLabelText('Item price in naira');
    await user.type(input, 'abc');
    expect(input).toHaveValue('abc');
    expect(shown()).toEqual({ price: '₦0.00', fee: '₦0.00', total: '₦0.00' });
    // Non-numeric input counts as 0; the hint says why the figures stay at ₦0.00.
    expect(input).toHaveAccessibleDescription('Enter an amount in naira');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, '2,000.50');
    expect(shown()).toEqual({ price: '₦2,000.50', fee: '₦50.01', total: '₦2,050.51' });
    expect(screen.queryByText('Enter an amount in naira')).not.toBeInTheDocument();
    expect(input).not.toHaveAccessibleDescription();
  });

  it('labels the fee with the real rate', () => {
    render(<TransactionCalculator />);
    expect(screen.getByText('Platform fee (2.5%)')).toBeInTheDocument();
    expect(screen.getByText('Total the buyer pays')).toBeInTheDocument();
  });

  it('switches who pays the fee: what the buyer pays and the seller receives follow', async () => {
    const user = userEvent.setup();
    render(<TransactionCalculator />);
    await user.type(screen.getByLabelText('Item price in naira'), '10001');
    const seller = () => screen.getByTestId('calc-seller').textContent;
    expect(screen.getByRole('radio', { name: 'Buyer pays the fee' })).toBeChecked();
    expect(shown()).toEqual({ price: '₦10,001.00', fee: '₦250.03', total: '₦10,251.03' });
    expect(seller()).toBe('₦10,001.00');

    await user.click(screen.getByRole('radio', { name: 'Seller pays the fee' }));
    expect(shown()).toEqual({ price: '₦10,001.00', fee: '₦250.03', total: '₦10,001.00' });
    expect(seller()).toBe('₦9,750.97');
    expect(screen.getByText(/The seller receives the price less the fee/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Split 50/50' }));
    expect(shown()).toEqual({ price: '₦10,001.00', fee: '₦250.03', total: '₦10,126.02' });
    expect(seller()).toBe('₦9,875.99');
  });
});
