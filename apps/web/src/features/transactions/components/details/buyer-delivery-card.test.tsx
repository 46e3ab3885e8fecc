import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MilestoneView } from '@escrow/shared/schemas/milestone-shapes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { DELIVERY_CORRECTION_TEXT } from '@escrow/shared/texts/correction';
import { makeTransaction, ok, renderWithProviders, stubApi } from '../../testing/transaction-test-utils';
import { DeliveryDetailsDialog } from '../dialogs/delivery-details-dialog';
import { BuyerDeliveryCard } from './buyer-delivery-card';

const details: NonNullable<Transaction['deliveryDetails']> = {
  fullName: 'Bola Buyer',
  phoneNumber: '0803 123 4567',
  address: '12 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  zipCode: '106104',
  country: 'Nigeria',
};
const milestone = (status: MilestoneView['status']): MilestoneView => ({
  id: `m-${status}`,
  title: status,
  description: null,
  amount: 75_000,
  dueDate: null,
  status,
  deliveredAt: null,
  releasedAt: null,
  autoReleaseAt: null,
  inspectionExtendedAt: null,
  deliveryNote: null,
  deliveryFiles: [],
  trackingNumber: null,
  sellerReceives: 75_000,
});

function renderCard(tx: Transaction) {
  const onEdit = vi.fn();
  renderWithProviders(<BuyerDeliveryCard transaction={tx} onEdit={onEdit} />);
  return { onEdit, user: userEvent.setup() };
}

describe('BuyerDeliveryCard (the buyer corrects their address until the seller ships)', () => {
  it.each([
    ['before payment', 'WAITING_FOR_PAYMENT', [], false],
    ['paid, not shipped', 'WAITING_FOR_SHIPMENT', [], true],
    [
      'a milestone trade before any delivery',
      'IN_PROGRESS',
      [milestone('PENDING'), milestone('PENDING')],
      true,
    ],
  ] as const)('%s: the address and an Edit button', async (_, status, milestones, paidNote) => {
    const { onEdit, user } = renderCard(
      makeTransaction({ status, deliveryDetails: details, milestones: [...milestones] }),
    );
    const card = screen.getByTestId('buyer-delivery-card');
    expect(
      within(card).getByRole('heading', { name: DELIVERY_CORRECTION_TEXT.cardTitle }),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('12 Admiralty Way');
    expect(card).toHaveTextContent('Lekki');
    expect(card.textContent?.includes(DELIVERY_CORRECTION_TEXT.editableAfterPayment)).toBe(paidNote);
    await user.click(within(card).getByRole('button', { name: DELIVERY_CORRECTION_TEXT.edit }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['shipped', makeTransaction({ status: 'WAITING_FOR_BUYER_CONFIRMATION', deliveryDetails: details })],
    ['completed', makeTransaction({ status: 'COMPLETED', deliveryDetails: details })],
    [
      'a milestone delivered',
      makeTransaction({
        status: 'IN_PROGRESS',
        deliveryDetails: details,
        milestones: [milestone('DELIVERED'), milestone('PENDING')],
      }),
    ],
  ])('%s: read only, and says why', (_, tx) => {
    renderCard(tx);
    const card = screen.getByTestId('buyer-delivery-card');
    expect(card).toHaveTextContent('12 Admiralty Way');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(card).toHaveTextContent(DELIVERY_CORRECTION_TEXT.locked);
  });

  it.each([
    [
      'the seller',
      makeTransaction({ status: 'WAITING_FOR_SHIPMENT', deliveryDetails: details, viewerRole: 'SELLER' }),
    ],
    ['no address yet', makeTransaction({ status: 'ACTIVE' })],
    [
      'no courier',
      makeTransaction({ status: 'WAITING_FOR_SHIPMENT', useCourier: false, shippingType: 'SELLER_DELIVERY' }),
    ],
    [
      'a brokered trade’s broker',
      makeTransaction({ status: 'WAITING_FOR_SHIPMENT', deliveryDetails: details, viewerIsBroker: true }),
    ],
  ])('%s: nothing', (_, tx) => {
    renderCard(tx);
    expect(screen.queryByTestId('buyer-delivery-card')).not.toBeInTheDocument();
  });
});

describe('DeliveryDetailsDialog when correcting after payment', () => {
  it('starts from the saved address, says the seller is told, and sends the correction', async () => {
    const tx = makeTransaction({ status: 'WAITING_FOR_SHIPMENT', deliveryDetails: details });
    const { calls } = stubApi({
      [`PUT /api/transactions/${tx.id}/delivery-details`]: ({ body }) =>
        ok({
          transaction: { ...tx, deliveryDetails: (body as { deliveryDetails: unknown }).deliveryDetails },
        }),
      'GET /api/transactions*': () => ok({ transactions: [], page: 1, hasMore: false, total: 0 }),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<DeliveryDetailsDialog transaction={tx} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: DELIVERY_CORRECTION_TEXT.dialogTitle });
    expect(dialog).toHaveTextContent(DELIVERY_CORRECTION_TEXT.editableAfterPayment);
    const address = within(dialog).getByLabelText('Address *');
    expect(address).toHaveValue('12 Admiralty Way');
    const user = userEvent.setup();
    await user.clear(address);
    await user.type(address, '3 Marina Road');
    await user.click(within(dialog).getByRole('button', { name: 'Save Delivery Details' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      deliveryDetails: { address: '3 Marina Road', city: 'Lekki', state: 'Lagos' },
    });
  });
});
