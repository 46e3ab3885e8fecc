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

describe('InvitationView: what the joiner takes on', () => {
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

describe('InvitationView: a milestone trade', () => {
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

describe('InvitationView: a brokered trade (partner API role BROKER)', () => {
  // docs/money.md "Broker commission": ₦10,001.00, the seller pays the fee (₦250.03), commission ₦1,000.00.
  const brokered: Partial<Transaction> = {
    creatorRole: 'SELLER',
    creatorId: '',
    creatorName: '',
    creator: { firstName: '', lastName: '' },
    sellerId: null,
    buyerId: null,
    price: 10_001,
    fee: 250.03,
    total: 10_001,
    feePayer: 'SELLER',
    buyerPays: 10_001,
    sellerReceives: 8_750.97,
    commission: 1_000,
    brokerId: 'broker-1',
    brokerName: 'Market Place',
    viewerIsBroker: false,
  };

  it('shows the seller the broker, the commission and what they receive after fee and commission, before Join', async () => {
    renderInvitation({ ...brokered, viewerRole: 'SELLER' });
    const money = await financial();
    expect(screen.getByTestId('join-broker')).toHaveTextContent('Market Place');
    expect(screen.queryByText('Created by')).not.toBeInTheDocument();
    expect(screen.getByText('Your role').nextSibling).toHaveTextContent('Seller');
    expect(money.getByTestId('join-commission')).toHaveTextContent('₦1,000.00');
    expect(money.getByText('Seller receives (after fee and commission)').nextSibling).toHaveTextContent(
      '₦8,750.97',
    );
    const note = screen.getByTestId('join-commission-note');
    expect(note).toHaveTextContent(
      'Market Place arranged this trade and takes a commission of ₦1,000.00 from what you receive.',
    );
    const rows = within(note)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextSibling?.textContent}`);
    expect(rows).toEqual([
      'Item price ₦10,001.00',
      'Less your share of the escrow fee −₦250.03',
      'Less the broker’s commission −₦1,000.00',
      'You receive ₦8,750.97',
    ]);
    expect(screen.getByTestId('join-terms')).toHaveTextContent(
      'By joining, you agree to receive ₦8,750.97 when the money is released, after Market Place’s commission of ₦1,000.00.',
    );
    // The terms come before the Join button in the page.
    const join = screen.getByRole('button', { name: 'Join Transaction' });
    expect(note.compareDocumentPosition(join) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves out the fee line when the buyer pays the fee', async () => {
    renderInvitation({
      ...brokered,
      viewerRole: 'SELLER',
      feePayer: 'BUYER',
      total: 10_251.03,
      buyerPays: 10_251.03,
      sellerReceives: 9_001,
    });
    const note = await screen.findByTestId('join-commission-note');
    expect(within(note).queryByText('Less your share of the escrow fee')).not.toBeInTheDocument();
    expect(within(note).getByText('You receive').nextSibling).toHaveTextContent('₦9,001.00');
  });

  it('names the broker on the buyer’s invitation, without the seller’s breakdown', async () => {
    renderInvitation({ ...brokered, viewerRole: 'BUYER' });
    await financial();
    expect(screen.getByTestId('join-broker')).toHaveTextContent('Market Place');
    expect(screen.queryByTestId('join-commission-note')).not.toBeInTheDocument();
    expect(screen.getByTestId('join-terms')).toHaveTextContent(
      'By joining, you agree to pay ₦10,001.00 into escrow.',
    );
    expect(screen.getByRole('button', { name: 'Join Transaction' })).toBeEnabled();
  });

  it('offers the broker no Join button on its own invitation', async () => {
    renderInvitation({ ...brokered, viewerRole: 'SELLER', viewerIsBroker: true, brokerId: joiner.id });
    await financial();
    expect(screen.queryByRole('button', { name: 'Join Transaction' })).not.toBeInTheDocument();
    expect(screen.getByText(/You are the broker of this transaction/)).toBeInTheDocument();
    expect(screen.getByText('Your role').nextSibling).toHaveTextContent('Broker');
    expect(screen.queryByTestId('join-terms')).not.toBeInTheDocument();
  });
});
