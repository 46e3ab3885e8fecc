import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CreateWizard } from './create-wizard';
import { fail, makeTransaction, ok, renderWithProviders, stubApi } from '../testing/transaction-test-utils';

type User = ReturnType<typeof userEvent.setup>;
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const status = () => screen.getByRole('status');
/** The visible counter (the live region repeats its text for screen readers). */
const stepCounter = (n: string) => screen.getByText(`Step ${n} of 5`, { selector: 'p:not([role="status"])' });

async function toStep3(user: User, role: 'Buyer' | 'Seller', courier: 'Yes' | 'No' | 'Meet and inspect') {
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${role}`) }));
  await user.click(continueButton());
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${courier}`) }));
  await user.click(continueButton());
}

async function typeIn(user: User, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
  return input;
}

/** A step's check is asynchronous: the next step's heading takes focus once it has passed. */
const focusedOn = (heading: string) =>
  waitFor(() => expect(screen.getByRole('heading', { name: heading })).toHaveFocus());

describe('CreateWizard: Continue says what is missing', () => {
  it('focuses the role choice with its message when Continue is pressed without one', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    expect(stepCounter('1')).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    await user.click(continueButton());
    expect(stepCounter('1')).toBeInTheDocument();
    const buyer = screen.getByRole('radio', { name: /^Buyer/ });
    expect(buyer).toHaveFocus();
    expect(buyer).toHaveAccessibleDescription('Please choose whether you are buying or selling');
    await user.click(screen.getByRole('radio', { name: /I want to sell something/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(stepCounter('2')).toBeInTheDocument();
    await user.click(continueButton());
    expect(screen.getByRole('radio', { name: /^Yes/ })).toHaveAccessibleDescription(
      'Please choose how the item reaches the buyer',
    );
  });

  it('needs a description and a price above 0 on step 3, and shows the 2.5% fee and total', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Seller', 'No');
    expect(screen.queryByLabelText('Estimated delivery days')).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(screen.getByLabelText('Description')).toHaveFocus();
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description is required');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price must be greater than 0');
    await typeIn(user, 'Description', 'Laptop');
    await typeIn(user, 'Price', '999.99');
    expect(screen.getByTestId('wizard-fee')).toHaveTextContent('₦25.00');
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('₦1,024.99');
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Item Details' })).toBeInTheDocument();
  });

  it('refuses more than 2 decimals and delivery days outside 1–30 (default 3, courier only)', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'Yes');
    const days = screen.getByLabelText('Estimated delivery days');
    expect(days).toHaveValue(3);
    await typeIn(user, 'Description', 'Sofa');
    const price = await typeIn(user, 'Price', '100.123');
    await user.click(continueButton());
    expect(price).toHaveFocus();
    expect(price).toHaveAccessibleDescription('Amounts can have at most 2 decimal places');
    await typeIn(user, 'Price', '150,000');
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('₦153,750.00');
    await typeIn(user, 'Estimated delivery days', '31');
    await user.click(continueButton());
    expect(days).toHaveFocus();
    expect(days).toHaveAccessibleDescription('Estimated delivery days must be between 1 and 30');
    await typeIn(user, 'Estimated delivery days', '7');
    await user.click(continueButton());
    expect(stepCounter('4')).toBeInTheDocument();
  });
});

describe('CreateWizard: price bounds and numbers', () => {
  it.each([
    ['0.01', 'Amount must be at least ₦100.00'],
    ['99999999999', 'Amount must be at most ₦50,000,000.00'],
    ['abc', 'Price must be greater than 0'],
  ])('says %s is refused, as the server does, before Continue', async (typed, message) => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'No');
    await typeIn(user, 'Description', 'Phone');
    const price = await typeIn(user, 'Price', typed);
    await user.click(continueButton());
    expect(price).toHaveFocus();
    expect(price).toHaveAccessibleDescription(message);
    expect(stepCounter('3')).toBeInTheDocument();
  });

  it('names the bound in the chosen currency', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'No');
    await typeIn(user, 'Description', 'Phone');
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await typeIn(user, 'Price', '0.5');
    await user.click(continueButton());
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Amount must be at least $1.00');
  });

  it('requires type, category and condition from a seller; weight takes only numbers; bad quantity becomes 1', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Seller', 'No');
    await typeIn(user, 'Description', 'Laptop');
    await typeIn(user, 'Price', '5000');
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Item Details' })).toBeInTheDocument();
    await user.click(continueButton());
    expect(screen.getByLabelText('Item type *')).toHaveFocus();
    expect(screen.getByLabelText('Item type *')).toHaveAccessibleDescription('Item type is required');
    expect(screen.getByLabelText('Condition *')).toHaveAccessibleDescription('Item condition is required');
    await user.selectOptions(screen.getByLabelText('Item type *'), 'Physical Product');
    await user.selectOptions(screen.getByLabelText('Category *'), 'Electronics');
    await user.selectOptions(screen.getByLabelText('Condition *'), 'Good');
    const weight = await typeIn(user, 'Weight (kg)', 'abc');
    await user.click(continueButton());
    expect(weight).toHaveFocus();
    expect(weight).toHaveAccessibleDescription('Weight must be a number of kilograms');
    await typeIn(user, 'Weight (kg)', '2.5');
    const quantity = await typeIn(user, 'Quantity', '0');
    await user.tab();
    expect(quantity).toHaveValue(1);
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Additional Information' })).toBeInTheDocument();
  });
});

describe('CreateWizard: focus and announcements', () => {
  it('moves focus to each new step heading and announces Step N of 5, then the success screen', async () => {
    const transaction = makeTransaction({ creatorRole: 'BUYER', viewerRole: 'BUYER', status: 'PENDING' });
    stubApi({
      'POST /api/transactions/create': () =>
        ok({ transaction, invitation: { code: 'inv_code-123', expiresAt: '2026-01-17T09:00:00.000Z' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await user.click(screen.getByRole('radio', { name: /^Buyer/ }));
    await user.keyboard('{Enter}');
    await focusedOn('Courier Service');
    expect(status()).toHaveTextContent('Step 2 of 5');
    await user.click(screen.getByRole('radio', { name: /^No/ }));
    await user.click(continueButton());
    await focusedOn('Transaction Details');
    expect(status()).toHaveTextContent('Step 3 of 5');
    await typeIn(user, 'Description', 'Shoes');
    await typeIn(user, 'Price', '2000');
    await user.click(continueButton());
    await focusedOn('Transaction Preferences');
    await user.click(continueButton());
    await focusedOn('Transaction Terms');
    expect(status()).toHaveTextContent('Step 5 of 5');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await focusedOn('Transaction Preferences');
    expect(status()).toHaveTextContent('Step 4 of 5');
    await user.click(continueButton());
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    await focusedOn('Transaction created');
    expect(status()).toHaveTextContent('Transaction created');
  });
});

describe('CreateWizard: sending', () => {
  it('lets a buyer through step 4 without item fields and creates the transaction on step 5', async () => {
    const transaction = makeTransaction({ creatorRole: 'BUYER', viewerRole: 'BUYER', status: 'PENDING' });
    const { calls } = stubApi({
      'POST /api/transactions/create': () =>
        ok({ transaction, invitation: { code: 'inv_code-123', expiresAt: '2026-01-17T09:00:00.000Z' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'Yes');
    await typeIn(user, 'Description', 'iPhone 13');
    await typeIn(user, 'Price', '150000');
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Transaction Preferences' })).toBeInTheDocument();
    await typeIn(user, 'Maximum budget', '160000');
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Transaction Terms' })).toBeInTheDocument();
    await typeIn(user, 'Transaction terms', 'Inspect on delivery');
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
      shippingType: 'COURIER',
      feePayer: 'BUYER',
      description: 'iPhone 13',
      currency: 'NGN',
      price: 150000,
      estimatedDeliveryDays: 3,
      maximumBudget: 160000,
      transactionTerms: 'Inspect on delivery',
    });
  });

  it('shows a server refusal on its field, back on the step that holds it', async () => {
    stubApi({
      'POST /api/transactions/create': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Amount must be at least ₦500.00',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'price', message: 'Amount must be at least ₦500.00' }],
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'No');
    await typeIn(user, 'Description', 'Shoes');
    await typeIn(user, 'Price', '200');
    await user.click(continueButton());
    await user.click(continueButton());
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    const price = await screen.findByLabelText('Price');
    expect(stepCounter('3')).toBeInTheDocument();
    expect(price).toHaveFocus();
    expect(price).toHaveAccessibleDescription('Amount must be at least ₦500.00');
  });

  it('tells the user when creation fails and stays on step 5', async () => {
    stubApi({ 'POST /api/transactions/create': () => fail(500, 'Internal server error', 'INTERNAL_ERROR') });
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'No');
    await typeIn(user, 'Description', 'Shoes');
    await typeIn(user, 'Price', '2000');
    await user.click(continueButton());
    await user.click(continueButton());
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    expect(await screen.findByText('Failed to create transaction. Please try again.')).toBeInTheDocument();
    expect(stepCounter('5')).toBeInTheDocument();
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

describe('CreateWizard: who pays the fee and how the item is handed over', () => {
  const created = () => {
    const transaction = makeTransaction({ creatorRole: 'SELLER', viewerRole: 'SELLER', status: 'PENDING' });
    return stubApi({
      'POST /api/transactions/create': () =>
        ok({ transaction, invitation: { code: 'inv_code-123', expiresAt: '2026-01-17T09:00:00.000Z' } }),
    });
  };
  const figures = () => ({
    fee: screen.getByTestId('wizard-fee').textContent,
    buyerPays: screen.getByTestId('wizard-total').textContent,
    sellerReceives: screen.getByTestId('wizard-seller-receives').textContent,
  });

  // ₦10,001.00 → fee 25,002.5 kobo, half-up 25,003 (₦250.03); SPLIT: the buyer ⌈12,501.5⌉ = 12,502 kobo.
  it('shows each payer’s amounts live on a price that rounds, and sends the choice', async () => {
    const { calls } = created();
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toStep3(user, 'Buyer', 'No');
    await typeIn(user, 'Description', 'Generator');
    await typeIn(user, 'Price', '10001');

    const buyerPays = screen.getByRole('radio', { name: /^Buyer pays the fee/ });
    expect(buyerPays).toBeChecked();
    // Each option says what the buyer pays and the seller gets with it.
    expect(buyerPays).toHaveAccessibleName(/Buyer pays ₦10,251\.03 Seller gets ₦10,001\.00$/);
    expect(screen.getByRole('radio', { name: /^Seller pays the fee/ })).toHaveAccessibleName(
      /Buyer pays ₦10,001\.00 Seller gets ₦9,750\.97$/,
    );
    expect(screen.getByRole('radio', { name: /^Split 50\/50/ })).toHaveAccessibleName(
      /Buyer pays ₦10,126\.02 Seller gets ₦9,875\.99$/,
    );
    expect(figures()).toEqual({ fee: '₦250.03', buyerPays: '₦10,251.03', sellerReceives: '₦10,001.00' });

    await user.click(screen.getByRole('radio', { name: /^Seller pays the fee/ }));
    expect(figures()).toEqual({ fee: '₦250.03', buyerPays: '₦10,001.00', sellerReceives: '₦9,750.97' });

    await user.click(screen.getByRole('radio', { name: /^Split 50\/50/ }));
    expect(figures()).toEqual({ fee: '₦250.03', buyerPays: '₦10,126.02', sellerReceives: '₦9,875.99' });

    await user.click(continueButton());
    await user.click(continueButton());
    // The last step reviews what is about to be created.
    const review = within(screen.getByTestId('wizard-review'));
    expect(review.getByText('Split 50/50')).toBeInTheDocument();
    expect(review.getByText('Seller delivers')).toBeInTheDocument();
    expect(review.getByText('₦10,126.02')).toBeInTheDocument();
    expect(review.getByText('₦9,875.99')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    await screen.findByText('Transaction created successfully! Share the link with your counterparty.');
    expect(calls[0]!.body).toMatchObject({
      useCourier: false,
      shippingType: 'SELLER_DELIVERY',
      feePayer: 'SPLIT',
      price: 10001,
    });
  });

  it('offers Meet and inspect: no delivery days, no courier, and sends IN_PERSON', async () => {
    const { calls } = created();
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await user.click(screen.getByRole('radio', { name: /^Seller/ }));
    await user.click(continueButton());
    const inPerson = screen.getByRole('radio', { name: /^Meet and inspect/ });
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await user.click(inPerson);
    await user.click(continueButton());
    expect(screen.queryByLabelText('Estimated delivery days')).not.toBeInTheDocument();
    await typeIn(user, 'Description', 'Used fridge');
    await typeIn(user, 'Price', '85000');
    await user.click(continueButton());
    await user.selectOptions(screen.getByLabelText('Item type *'), 'Physical Product');
    await user.selectOptions(screen.getByLabelText('Category *'), 'Home & Garden');
    await user.selectOptions(screen.getByLabelText('Condition *'), 'Good');
    await user.click(continueButton());
    expect(within(screen.getByTestId('wizard-review')).getByText('Meet and inspect')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    await screen.findByText('Transaction created successfully! Share the link with your counterparty.');
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ useCourier: false, shippingType: 'IN_PERSON', feePayer: 'BUYER' });
    expect(body).not.toHaveProperty('estimatedDeliveryDays');
  });
});
