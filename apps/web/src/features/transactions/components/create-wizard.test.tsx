import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateWizard } from './create-wizard';
import { fail, makeTransaction, ok, renderWithProviders, stubApi } from '../testing/transaction-test-utils';

afterEach(() => vi.unstubAllGlobals());

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function toStep3(
  user: ReturnType<typeof userEvent.setup>,
  role: 'Buyer' | 'Seller',
  courier: 'Yes' | 'No',
) {
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${role}`) }));
  await user.click(continueButton());
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${courier}`) }));
  await user.click(continueButton());
}

describe('CreateWizard', () => {
  it('keeps Continue disabled until a role and then a courier choice are made', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /I want to sell something/ }));
    expect(continueButton()).toBeEnabled();
    await user.click(continueButton());
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Local pickup or delivery/ }));
    expect(continueButton()).toBeEnabled();
  });

  it('needs a description and a price above 0 on step 3, and shows the 2.5% fee and total', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Seller', 'No');
    expect(screen.queryByLabelText('Estimated delivery days')).not.toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Description'), 'Laptop');
    await user.type(screen.getByLabelText('Price'), '0');
    expect(continueButton()).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Price must be greater than 0');
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '999.99');
    expect(screen.getByTestId('wizard-fee')).toHaveTextContent('₦25.00');
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('₦1,024.99');
    expect(continueButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), '   ');
    expect(continueButton()).toBeDisabled();
  });

  it('refuses more than 2 decimals and delivery days outside 1–30 (default 3, courier only)', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'Yes');
    const days = screen.getByLabelText('Estimated delivery days');
    expect(days).toHaveValue(3);
    await user.type(screen.getByLabelText('Description'), 'Sofa');
    await user.type(screen.getByLabelText('Price'), '100.123');
    expect(continueButton()).toBeDisabled();
    expect(screen.getByText('Amounts can have at most 2 decimal places')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '150,000');
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('₦153,750.00');
    await user.clear(days);
    await user.type(days, '31');
    expect(continueButton()).toBeDisabled();
    expect(screen.getByText('Estimated delivery days must be between 1 and 30')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '7');
    expect(continueButton()).toBeEnabled();
  });

  it('requires type, category and condition from a seller on step 4; bad quantity becomes 1', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Seller', 'No');
    await user.type(screen.getByLabelText('Description'), 'Laptop');
    await user.type(screen.getByLabelText('Price'), '5000');
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Item Details' })).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Item type *'), 'Physical Product');
    await user.selectOptions(screen.getByLabelText('Category *'), 'Electronics');
    expect(continueButton()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Condition *'), 'Good');
    expect(continueButton()).toBeEnabled();
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(quantity).toHaveValue(1);
  });

  it('lets a buyer through step 4 without item fields and creates the transaction on step 5', async () => {
    const transaction = makeTransaction({ creatorRole: 'BUYER', viewerRole: 'BUYER', status: 'PENDING' });
    const { calls } = stubApi({
      'POST /api/transactions/create': () =>
        ok({ transaction, invitation: { code: 'inv_code-123', expiresAt: '2026-01-17T09:00:00.000Z' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'Yes');
    await user.type(screen.getByLabelText('Description'), 'iPhone 13');
    await user.type(screen.getByLabelText('Price'), '150000');
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Transaction Preferences' })).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    await user.type(screen.getByLabelText('Maximum budget'), '160000');
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Transaction Terms' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction terms'), 'Inspect on delivery');
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));

    expect(
      await screen.findByText('Transaction created successfully! Share the link with your counterparty.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/app/join-transaction/inv_code-123`,
    );
    expect(calls[0]!.body).toEqual({
      creatorRole: 'BUYER',
      useCourier: true,
      description: 'iPhone 13',
      currency: 'NGN',
      price: 150000,
      estimatedDeliveryDays: 3,
      maximumBudget: 160000,
      transactionTerms: 'Inspect on delivery',
    });
  });

  it('tells the user when creation fails and stays on step 5', async () => {
    stubApi({ 'POST /api/transactions/create': () => fail(500, 'Internal server error', 'INTERNAL_ERROR') });
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'No');
    await user.type(screen.getByLabelText('Description'), 'Shoes');
    await user.type(screen.getByLabelText('Price'), '2000');
    await user.click(continueButton());
    await user.click(continueButton());
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    expect(await screen.findByText('Failed to create transaction. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  });

  it('offers the Fee Calculator', () => {
    stubApi({});
    renderWithProviders(<CreateWizard />);
    expect(within(document.body).getByRole('link', { name: 'Fee Calculator' })).toHaveAttribute(
      'href',
      '/app/escrow-calculator',
    );
  });
});
