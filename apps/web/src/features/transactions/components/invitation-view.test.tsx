import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { makeUser, ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { makeMilestoneTrade, makeTransaction } from '../testing/transaction-test-utils';
import { InvitationView } from './invitation-view';

const CODE = 'inv_code-123';
const joiner = makeUser({ id: 'joiner-1' });

/** The invitation page of a transaction nobody joined yet, seen by the signed-in invitee. */
function renderInvitation(overrides: Partial<Transaction>) {
  localStorage.setItem('authToken', 'token');
  const transaction = makeTransaction({
    status: 'PENDING',
    counterpartyId: null,
    counterpartyName: null,
    counterparty: null,
    ...overrides,
  });
  stubApi({
    'GET /api/auth/me': () => ok({ user: joiner, previousSignInAt: '2026-03-01T10:00:00.000Z' }),
    [`GET /api/transactions/invite/${CODE}`]: () =>
      ok({ invitation: { code: CODE, expiresAt: '2026-01-17T09:00:00.000Z', transaction } }),
  });
  renderWithApp(
    [{ path: '/app/join-transaction/:code', element: <InvitationView code={CODE} /> }],
    `/app/join-transaction/${CODE}`,
  );
}

const financial = async () =>
  within((await screen.findByRole('heading', { name: 'Financial Details' })).closest('div')!);

describe('InvitationView: what the joiner takes on (issue 26)', () => {
  it('shows a buyer joining a split-fee trade who pays the fee and what they will pay, to the kobo', async () => {
    // ₦10,001.00 → fee ₦250.03; SPLIT: the buyer pays ₦10,126.02, the seller receives ₦9,875.99.
    renderInvitation({
      creatorRole: 'SELLER',
      viewerRole: 'BUYER',
      price: 10_001,
      fee: 250.03,
      total: 10_126.02,
      feePayer: 'SPLIT',
      buyerPays: 10_126.02,
      sellerReceives: 9_875.99,
      useCourier: false,
      shippingType: 'SELLER_DELIVERY',
    });
    const money = await financial();
    expect(money.getByText('Who pays the fee').nextSibling).toHaveTextContent('Split 50/50');
    expect(money.getByText('Buyer pays').nextSibling).toHaveTextContent('₦10,126.02');
    expect(money.getByText('Seller receives').nextSibling).toHaveTextContent('₦9,875.99');
    expect(screen.getByTestId('join-terms')).toHaveTextContent(
      'By joining, you agree to pay ₦10,126.02 into escrow.',
    );
    expect(screen.getByText('Delivery').nextSibling).toHaveTextContent('Seller delivers');
    expect(screen.getByRole('button', { name: 'Join Transaction' })).toBeEnabled();
  });

  it('shows a seller joining a trade where the seller pays the fee what they will receive', async () => {
    renderInvitation({
      creatorRole: 'BUYER',
      viewerRole: 'SELLER',
      creatorId: 'creator-buyer',
      price: 10_001,
      fee: 250.03,
      total: 10_001,
      feePayer: 'SELLER',
      buyerPays: 10_001,
      sellerReceives: 9_750.97,
    });
    const money = await financial();
    expect(money.getByText('Who pays the fee').nextSibling).toHaveTextContent('Seller pays the fee');
    expect(screen.getByTestId('join-terms')).toHaveTextContent(
      'By joining, you agree to receive ₦9,750.97 when the money is released.',
    );
  });

  it('says a Meet and inspect trade is handed over in person, released by the buyer’s code', async () => {
    renderInvitation({ useCourier: false, shippingType: 'IN_PERSON' });
    await financial();
    expect(screen.getByText('Delivery').nextSibling).toHaveTextContent('Meet and inspect');
    expect(screen.getByText('Courier').nextSibling).toHaveTextContent('No');
    expect(screen.getByText(/gives the seller a release code/)).toBeInTheDocument();
  });
});

describe('InvitationView: a milestone trade (issue 26)', () => {
  const milestones = () =>
    makeMilestoneTrade(
      [{ dueDate: '2099-01-31' }, { description: 'Blocks, lintels and roofing sheets' }, {}],
      { status: 'PENDING', paidAt: null, paymentCompleted: false, paymentStatus: null },
    );

  it('lists the milestones, their amounts and due dates before the buyer joins', async () => {
    renderInvitation({ ...milestones(), creatorRole: 'SELLER', viewerRole: 'BUYER' });
    const card = within(await screen.findByTestId('join-milestones'));
    expect(card.getByRole('heading', { name: 'Paid in 3 milestones' })).toBeInTheDocument();
    const items = card.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1. Foundation₦3,000.00Due 31/01/2099',
      '2. Walls and roof₦3,000.50Blocks, lintels and roofing sheets',
      '3. Finishing₦4,000.50',
    ]);
    expect(screen.getByTestId('join-terms')).toHaveTextContent(
      'By joining, you agree to pay ₦10,126.02 into escrow.',
    );
  });

  it('tells a joining seller they receive their part milestone by milestone', async () => {
    renderInvitation({
      ...milestones(),
      creatorRole: 'BUYER',
      viewerRole: 'SELLER',
      creatorId: 'creator-buyer',
    });
    await screen.findByTestId('join-milestones');
    expect(screen.getByTestId('join-terms')).toHaveTextContent(
      'By joining, you agree to receive ₦9,875.99 in all, each milestone’s part as the buyer accepts it.',
    );
  });

  it('shows no milestones for a one-off trade', async () => {
    renderInvitation({});
    await financial();
    expect(screen.queryByTestId('join-milestones')).not.toBeInTheDocument();
  });
});
