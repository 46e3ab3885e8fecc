import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTransaction, ok, renderWithProviders, stubApi } from '../../testing/transaction-test-utils';
import { ManualReleaseForm, TimeReleaseForm } from './release-forms';

const tx = makeTransaction({ status: 'WAITING_FOR_BUYER_CONFIRMATION', viewerRole: 'BUYER' });
const badRequest = (field: string, message: string) => () => ({
  status: 400,
  body: {
    success: false,
    error: 'Validation failed',
    code: 'VALIDATION_ERROR',
    details: [{ field, message }],
  },
});

describe('TimeReleaseForm', () => {
  it('focuses the date with its message beside it, and reads the date as dd/mm/yyyy', async () => {
    const { calls } = stubApi({
      'POST /api/payment-conditions/time-based': () => ok({ condition: {} }),
    });
    renderWithProviders(<TimeReleaseForm transactionId={tx.id} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set Time Release' }));
    const date = screen.getByLabelText('Release payment automatically on (dd/mm/yyyy)');
    expect(date).toHaveFocus();
    expect(date).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(date).toHaveAccessibleDescription('Please select a release date');
    expect(screen.getByLabelText('At (time, WAT)')).toHaveAttribute('aria-invalid', 'true');

    // 03/04 is the 3rd of April, not March the 4th.
    await user.type(date, '03/04/2099');
    expect(date).not.toHaveAccessibleDescription();
    await user.type(screen.getByLabelText('At (time, WAT)'), '09:15');
    await user.click(screen.getByRole('button', { name: 'Set Time Release' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')!.body;
    // 09:15 in Lagos (WAT, UTC+1), whatever the device's zone.
    expect(sent).toMatchObject({ releaseDate: '2099-04-03T08:15:00.000Z', timezone: 'Africa/Lagos' });
  });

  it('puts a server 400 on the date', async () => {
    stubApi({
      'POST /api/payment-conditions/time-based': badRequest('releaseDate', 'Please select a release date'),
    });
    renderWithProviders(<TimeReleaseForm transactionId={tx.id} />);
    const user = userEvent.setup();
    const date = screen.getByLabelText('Release payment automatically on (dd/mm/yyyy)');
    await user.type(date, '01/06/2099');
    await user.type(screen.getByLabelText('At (time, WAT)'), '10:30');
    await user.click(screen.getByRole('button', { name: 'Set Time Release' }));
    await vi.waitFor(() => expect(date).toHaveAccessibleDescription('Please select a release date'));
    expect(date).toHaveFocus();
  });
});

describe('ManualReleaseForm', () => {
  it('sends the trimmed reason after the second confirmation', async () => {
    const { calls } = stubApi({
      [`POST /api/payment-conditions/manual-release`]: () => ok({ transaction: tx }),
    });
    renderWithProviders(<ManualReleaseForm transaction={tx} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Manual release reason (optional)'), '  Item arrived early  ');
    await user.click(screen.getByRole('button', { name: 'Release Payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Release' }));
    expect(await screen.findByText('Transaction completed successfully!')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ transactionId: tx.id, reason: 'Item arrived early' });
  });

  it('puts a server 400 on the reason', async () => {
    stubApi({
      [`POST /api/payment-conditions/manual-release`]: badRequest(
        'reason',
        'Reason must be at most 500 characters',
      ),
    });
    renderWithProviders(<ManualReleaseForm transaction={tx} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Manual release reason (optional)'), 'x');
    await user.click(screen.getByRole('button', { name: 'Release Payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Release' }));
    const reason = screen.getByLabelText('Manual release reason (optional)');
    await vi.waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Reason must be at most 500 characters'),
    );
    expect(reason).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Release Payment' })).toBeInTheDocument();
  });
});
