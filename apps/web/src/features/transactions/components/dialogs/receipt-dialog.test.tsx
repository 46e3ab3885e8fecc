import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fail,
  makeTransaction,
  ok,
  renderWithProviders,
  stubApi,
} from '../../testing/transaction-test-utils';
import { CHECKLIST_LABELS, ReceiptDialog } from './receipt-dialog';

const tx = makeTransaction({ status: 'WAITING_FOR_BUYER_CONFIRMATION' });
const PATH = `PUT /api/transactions/${tx.id}/confirm-receipt`;

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithProviders(<ReceiptDialog transaction={tx} open onOpenChange={onOpenChange} />);
  return { onOpenChange, user: userEvent.setup() };
}

async function tickAll(user: ReturnType<typeof userEvent.setup>, except?: string) {
  for (const label of Object.values(CHECKLIST_LABELS))
    if (label !== except) await user.click(screen.getByLabelText(label));
}

describe('ReceiptDialog', () => {
  it('focuses the first unticked box with the message beside the list until all five are ticked', async () => {
    const { calls } = stubApi({});
    const { user } = renderDialog();
    const confirm = screen.getByRole('button', { name: 'Confirm Receipt' });
    expect(confirm).toBeEnabled();
    expect(screen.getByText('Please confirm all items before proceeding')).toBeInTheDocument();
    await user.click(confirm);
    const first = screen.getByLabelText(CHECKLIST_LABELS.itemReceived);
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Please confirm all items before proceeding');
    await tickAll(user, CHECKLIST_LABELS.noDisputes);
    expect(first).not.toHaveAccessibleDescription();
    await user.click(confirm);
    const last = screen.getByLabelText(CHECKLIST_LABELS.noDisputes);
    expect(last).toHaveFocus();
    expect(last).toHaveAccessibleDescription('Please confirm all items before proceeding');
    await user.click(last);
    expect(last).not.toHaveAccessibleDescription();
    // Gone from the dialog (the refused press's toast may still show).
    expect(
      within(screen.getByRole('dialog')).queryByText('Please confirm all items before proceeding'),
    ).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('puts a server 400 on the box it names', async () => {
    stubApi({
      [PATH]: () => ({
        status: 400,
        body: {
          success: false,
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [
            { field: 'understandFundRelease', message: 'Please confirm all items before proceeding' },
          ],
        },
      }),
    });
    const { user, onOpenChange } = renderDialog();
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Receipt' }));
    const box = screen.getByLabelText(CHECKLIST_LABELS.understandFundRelease);
    await vi.waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('sends the five ticked boxes with an idempotency key and closes on success', async () => {
    const { calls } = stubApi({ [PATH]: () => ok({ transaction: { ...tx, status: 'COMPLETED' } }) });
    const { user, onOpenChange } = renderDialog();
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Receipt' }));
    expect(await screen.findByText('Transaction completed successfully!')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls[0]!.body).toEqual({
      itemReceived: true,
      itemMatchesDescription: true,
      itemConditionAcceptable: true,
      understandFundRelease: true,
      noDisputes: true,
    });
    expect(calls[0]!.headers['idempotency-key']).toBeTruthy();
  });

  it('stays open with the spec text when the server fails, and shows a refusal in its own words', async () => {
    let attempt = 0;
    stubApi({
      [PATH]: () =>
        ++attempt === 1
          ? fail(500, 'Internal server error', 'INTERNAL_ERROR')
          : fail(
              409,
              'Confirming receipt is not possible while the transaction is completed',
              'ILLEGAL_TRANSITION',
            ),
    });
    const { user, onOpenChange } = renderDialog();
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Receipt' }));
    expect(await screen.findByText('Failed to confirm receipt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Receipt' }));
    expect(
      await screen.findByText('Confirming receipt is not possible while the transaction is completed'),
    ).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('Raise Dispute opens the dispute form with this transaction chosen', () => {
    stubApi({});
    renderDialog();
    expect(screen.getByRole('link', { name: 'Raise Dispute' })).toHaveAttribute(
      'href',
      `/app/disputes/create?transactionId=${tx.id}`,
    );
  });
});
