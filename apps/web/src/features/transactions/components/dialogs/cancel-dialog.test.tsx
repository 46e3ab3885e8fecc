import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTransaction, ok, renderWithProviders, stubApi } from '../../testing/transaction-test-utils';
import { CancelDialog } from './cancel-dialog';

const tx = makeTransaction({ status: 'WAITING_FOR_PAYMENT' });

describe('Cancel Transaction (react-hook-form over the shared cancel schema)', () => {
  it('sends the trimmed reason', async () => {
    const { calls } = stubApi({ [`POST /api/transactions/${tx.id}/cancel`]: () => ok({ transaction: tx }) });
    const onOpenChange = vi.fn();
    renderWithProviders(<CancelDialog transaction={tx} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Transaction' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '  Changed my mind  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Transaction' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', body: { reason: 'Changed my mind' } })]);
  });

  it('puts a 400 naming the reason on the field and focuses it', async () => {
    stubApi({
      [`POST /api/transactions/${tx.id}/cancel`]: () => ({
        status: 400,
        body: {
          success: false,
          error: 'Reason must be at most 500 characters',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'reason', message: 'Reason must be at most 500 characters' }],
        },
      }),
    });
    renderWithProviders(<CancelDialog transaction={tx} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Transaction' });
    const reason = within(dialog).getByLabelText('Reason (optional)');
    await userEvent.type(reason, 'Too long, says the server');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Transaction' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Reason must be at most 500 characters'));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
  });
});
