import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeTransaction, ok, renderWithProviders, stubApi } from '../testing/transaction-test-utils';
import { ShippingWizard } from './shipping-wizard';

const tx = makeTransaction({ status: 'ACTIVE', useCourier: true, viewerRole: 'BUYER' });
const next = () => screen.getByRole('button', { name: 'Next' });

describe('ShippingWizard: the delivery details component in three steps', () => {
  it('focuses what is missing with the shared schema messages, then saves what the dialog would', async () => {
    const { calls } = stubApi({
      [`PUT /api/transactions/${tx.id}/delivery-details`]: () =>
        ok({ transaction: { ...tx, status: 'WAITING_FOR_PAYMENT' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingWizard transaction={tx} />);

    await user.click(next());
    const name = screen.getByLabelText('Full name *');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Full name is required');
    expect(screen.getByLabelText('Phone number *')).toHaveAccessibleDescription('Phone number is required');
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();

    await user.type(name, 'Bola Buyer');
    await user.type(screen.getByLabelText('Phone number *'), '0803 123 456');
    await user.click(next());
    expect(screen.getByLabelText('Phone number *')).toHaveAccessibleDescription(
      'Please enter a valid Nigerian phone number',
    );
    await user.type(screen.getByLabelText('Phone number *'), '7');
    await user.click(next());
    // The step's check is asynchronous (react-hook-form's trigger): focus moves once it settles.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Address' })).toHaveFocus());

    await user.type(screen.getByLabelText('Address *'), '12 Admiralty Way, Lekki');
    await user.type(screen.getByLabelText('City *'), 'Lagos');
    await user.click(next());
    await waitFor(() => expect(screen.getByLabelText('State *')).toHaveFocus());
    expect(screen.getByLabelText('State *')).toHaveAccessibleDescription('State is required');
    await user.selectOptions(screen.getByLabelText('State *'), 'Lagos');
    await user.click(next());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Location' })).toHaveFocus());
    expect(screen.getByLabelText('Country')).toHaveValue('Nigeria');
    await user.type(screen.getByLabelText('ZIP code *'), '106104');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText('Shipping details saved successfully!')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      deliveryDetails: {
        fullName: 'Bola Buyer',
        phoneNumber: '0803 123 4567',
        address: '12 Admiralty Way, Lekki',
        city: 'Lagos',
        state: 'Lagos',
        zipCode: '106104',
        country: 'Nigeria',
      },
    });
  }, 20_000);
});
