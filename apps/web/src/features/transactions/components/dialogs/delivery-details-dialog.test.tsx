import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fail,
  makeTransaction,
  ok,
  renderWithProviders,
  stubApi,
} from '../../testing/transaction-test-utils';
import { DeliveryDetailsDialog } from './delivery-details-dialog';

const tx = makeTransaction({ status: 'ACTIVE' });
const PATH = `PUT /api/transactions/${tx.id}/delivery-details`;

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithProviders(<DeliveryDetailsDialog transaction={tx} open onOpenChange={onOpenChange} />);
  return { onOpenChange, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name *'), 'Bola Buyer');
  await user.type(screen.getByLabelText('Phone number *'), '0803 123 4567');
  await user.type(screen.getByLabelText('Address *'), '12 Admiralty Way');
  await user.type(screen.getByLabelText('City *'), 'Lagos');
  await user.selectOptions(screen.getByLabelText('State *'), 'Lagos');
  await user.type(screen.getByLabelText('ZIP code *'), '106104');
}

describe('DeliveryDetailsDialog', () => {
  it('shows every required-field message and the failure toast on an empty submit', async () => {
    const { calls } = stubApi({});
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Save Delivery Details' }));
    expect(await screen.findByText('Please fill in all required fields correctly')).toBeInTheDocument();
    for (const text of [
      'Full name is required',
      'Phone number is required',
      'Address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveValue('Nigeria');
    expect(screen.getByLabelText('Country')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('City *'), 'L');
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses a phone number that is not Nigerian', async () => {
    stubApi({});
    const { user } = renderDialog();
    await fillValid(user);
    await user.clear(screen.getByLabelText('Phone number *'));
    await user.type(screen.getByLabelText('Phone number *'), '0603 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Delivery Details' }));
    expect(await screen.findByText('Please enter a valid Nigerian phone number')).toBeInTheDocument();
  });

  it('saves the address in Nigeria and closes', async () => {
    const { calls } = stubApi({
      [PATH]: () => ok({ transaction: { ...tx, status: 'WAITING_FOR_PAYMENT' } }),
    });
    const { user, onOpenChange } = renderDialog();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save Delivery Details' }));
    expect(await screen.findByText('Delivery details saved successfully!')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls[0]!.body).toEqual({
      deliveryDetails: {
        fullName: 'Bola Buyer',
        phoneNumber: '0803 123 4567',
        address: '12 Admiralty Way',
        city: 'Lagos',
        state: 'Lagos',
        zipCode: '106104',
        country: 'Nigeria',
      },
    });
  });

  it('says saving failed when the server fails', async () => {
    stubApi({ [PATH]: () => fail(500, 'Internal server error', 'INTERNAL_ERROR') });
    const { user, onOpenChange } = renderDialog();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save Delivery Details' }));
    expect(await screen.findByText('Failed to save delivery details')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
