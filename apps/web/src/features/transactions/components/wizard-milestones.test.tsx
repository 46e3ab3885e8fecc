import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_MILESTONES, MILESTONE_TEXT } from '@escrow/shared/domain/milestones';
import { CreateWizard } from './create-wizard';
import { makeTransaction, ok, renderWithProviders, stubApi } from '../testing/transaction-test-utils';

type User = ReturnType<typeof userEvent.setup>;
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const allocation = () => screen.getByTestId('milestone-allocation');
const toggle = () => screen.getByRole('checkbox', { name: /^Pay in milestones/ });

async function typeIn(user: User, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
  return input;
}

/** The seller's wizard to the price step, without a courier, with the description and price typed. */
async function toPriceStep(user: User, delivery: 'No' | 'Meet and inspect' = 'No', price = '10001') {
  await user.click(screen.getByRole('radio', { name: /^Seller/ }));
  await user.click(continueButton());
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${delivery}`) }));
  await user.click(continueButton());
  await typeIn(user, 'Description', 'Two-room extension');
  await typeIn(user, 'Price', price);
}

function created() {
  const transaction = makeTransaction({ creatorRole: 'SELLER', viewerRole: 'SELLER', status: 'PENDING' });
  return stubApi({
    'POST /api/transactions/create': () =>
      ok({ transaction, invitation: { code: 'inv_code-123', expiresAt: '2026-01-17T09:00:00.000Z' } }),
  });
}

// Each test walks the whole wizard (3-4 s alone): more than the default 5 s when the machine is loaded.
describe('CreateWizard: paying in milestones', { timeout: 20_000 }, () => {
  it('keeps a running total as amounts are typed and says when they do not add up', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toPriceStep(user);
    expect(toggle()).not.toBeChecked();
    expect(screen.queryByLabelText('Title of milestone 1')).not.toBeInTheDocument();
    await user.click(toggle());
    // Two blank milestones to start with, neither removable (2 is the least).
    expect(within(screen.getByRole('list', { name: 'Milestones' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Remove milestone/ })).not.toBeInTheDocument();
    expect(allocation()).toHaveTextContent('₦0.00 of ₦10,001.00 allocated · ₦10,001.00 left');

    await typeIn(user, 'Title of milestone 1', 'Foundation');
    await typeIn(user, 'Amount of milestone 1', '3000');
    expect(allocation()).toHaveTextContent('₦3,000.00 of ₦10,001.00 allocated · ₦7,001.00 left');
    await typeIn(user, 'Title of milestone 2', 'Walls and roof');
    await typeIn(user, 'Amount of milestone 2', '8000');
    expect(allocation()).toHaveTextContent('₦11,000.00 of ₦10,001.00 allocated · ₦999.00 over');

    // Continue: the shared sum message, read with the first amount, which takes focus.
    await user.click(continueButton());
    const first = screen.getByLabelText('Amount of milestone 1');
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAccessibleDescription(MILESTONE_TEXT.sum);
    expect(screen.getByText('Step 3 of 5', { selector: 'p:not([role="status"])' })).toBeInTheDocument();

    // The message follows the fix as it is typed.
    await typeIn(user, 'Amount of milestone 2', '7001');
    expect(allocation()).toHaveTextContent('₦10,001.00 of ₦10,001.00 allocated · ₦0.00 left');
    await waitFor(() => expect(screen.queryByText(MILESTONE_TEXT.sum)).not.toBeInTheDocument());
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Item Details' })).toBeInTheDocument();
  });

  it('puts each milestone’s own message on its field, the first focused', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toPriceStep(user);
    await user.click(toggle());
    await typeIn(user, 'Amount of milestone 1', '10001');
    await user.click(continueButton());
    const title = screen.getByLabelText('Title of milestone 1');
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAccessibleDescription(MILESTONE_TEXT.titleRequired);
    expect(screen.getByLabelText('Amount of milestone 2')).toHaveAccessibleDescription(
      MILESTONE_TEXT.amountRequired,
    );
  });

  it('adds up to 10 milestones and removes down to 2', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toPriceStep(user);
    await user.click(toggle());
    const add = screen.getByRole('button', { name: 'Add milestone' });
    for (let i = 2; i < MAX_MILESTONES; i += 1) await user.click(add);
    expect(screen.getByLabelText(`Title of milestone ${MAX_MILESTONES}`)).toBeInTheDocument();
    expect(add).toBeDisabled();
    await typeIn(user, 'Title of milestone 3', 'Third');
    await user.click(screen.getByRole('button', { name: 'Remove milestone 2' }));
    // The third moved up to second place.
    expect(screen.getByLabelText('Title of milestone 2')).toHaveValue('Third');
    expect(add).toBeEnabled();
    for (let i = MAX_MILESTONES - 1; i > 2; i -= 1)
      await user.click(screen.getByRole('button', { name: `Remove milestone ${i}` }));
    expect(screen.queryByRole('button', { name: /^Remove milestone/ })).not.toBeInTheDocument();
  });

  it('sends the milestones only when on, reviewed on the last step', async () => {
    const { calls } = created();
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toPriceStep(user);
    await user.click(screen.getByRole('radio', { name: /^Split 50\/50/ }));
    await user.click(toggle());
    await typeIn(user, 'Title of milestone 1', 'Foundation');
    await typeIn(user, 'Amount of milestone 1', '3000');
    await typeIn(user, 'Title of milestone 2', 'Walls and roof');
    await typeIn(user, 'Amount of milestone 2', '3000.50');
    await typeIn(user, 'Description of milestone 2 (optional)', 'Blocks and roofing sheets');
    await user.click(screen.getByRole('button', { name: 'Add milestone' }));
    await typeIn(user, 'Title of milestone 3', 'Finishing');
    await typeIn(user, 'Amount of milestone 3', '4,000.50');
    await typeIn(user, 'Due date of milestone 3 (optional, dd/mm/yyyy)', '31/01/2099');
    await user.click(continueButton());
    await user.selectOptions(await screen.findByLabelText('Item type *'), 'Service');
    await user.selectOptions(screen.getByLabelText('Category *'), 'Home & Garden');
    await user.selectOptions(screen.getByLabelText('Condition *'), 'Good');
    await user.click(continueButton());
    const review = within(await screen.findByTestId('wizard-review-milestones'));
    expect(review.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Foundation · ₦3,000.00',
      'Walls and roof · ₦3,000.50',
      'Finishing · ₦4,000.50 · due 31/01/2099',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create Transaction' }));
    await screen.findByText('Transaction created successfully! Share the link with your counterparty.');
    expect(calls[0]!.body).toMatchObject({
      feePayer: 'SPLIT',
      price: 10001,
      milestones: [
        { title: 'Foundation', amount: 3000 },
        { title: 'Walls and roof', amount: 3000.5, description: 'Blocks and roofing sheets' },
        { title: 'Finishing', amount: 4000.5, dueDate: '2099-01-31' },
      ],
    });
    expect((calls[0]!.body as { milestones: object[] }).milestones[0]).toEqual({
      title: 'Foundation',
      amount: 3000,
    });
  });

  it('switched off again, sends none; not offered for Meet and inspect', async () => {
    const { calls } = created();
    const user = userEvent.setup();
    renderWithProviders(<CreateWizard />);
    await toPriceStep(user, 'No', '5000');
    await user.click(toggle());
    await typeIn(user, 'Title of milestone 1', 'Half');
    await user.click(toggle());
    await user.click(continueButton());
    await user.selectOptions(await screen.findByLabelText('Item type *'), 'Physical Product');
    await user.selectOptions(screen.getByLabelText('Category *'), 'Electronics');
    await user.selectOptions(screen.getByLabelText('Condition *'), 'Good');
    await user.click(continueButton());
    expect(screen.queryByTestId('wizard-review-milestones')).not.toBeInTheDocument();
    // Back to the delivery step: with Meet and inspect, the price step offers no milestones.
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('radio', { name: /^Meet and inspect/ }));
    await user.click(continueButton());
    expect(screen.queryByRole('checkbox', { name: /^Pay in milestones/ })).not.toBeInTheDocument();
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Create Transaction' }));
    await screen.findByText('Transaction created successfully! Share the link with your counterparty.');
    expect(calls[0]!.body).not.toHaveProperty('milestones');
  });
});
