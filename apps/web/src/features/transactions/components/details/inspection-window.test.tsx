import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INSPECTION_TEXT } from '@escrow/shared/domain/disputes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import {
  fail,
  makeTransaction,
  ok,
  renderWithProviders,
  stubApi,
} from '../../testing/transaction-test-utils';
import { InspectionWindow } from './inspection-window';

const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000 + 3600_000).toISOString();
const shipped = (overrides: Partial<Transaction> = {}) =>
  makeTransaction({ status: 'WAITING_FOR_BUYER_CONFIRMATION', autoReleaseAt: inThreeDays(), ...overrides });

describe('the inspection window on the details screen', () => {
  it('tells the buyer when the escrow is released and lets them extend it once', async () => {
    const tx = shipped();
    const extended = { ...tx, autoReleaseAt: inThreeDays(), inspectionExtendedAt: new Date().toISOString() };
    const { calls } = stubApi({
      [`POST /api/transactions/${tx.id}/extend-inspection`]: () => ok({ transaction: extended }),
    });
    renderWithProviders(<InspectionWindow transaction={tx} />);
    expect(screen.getByTestId('inspection-window').textContent).toMatch(
      /^Funds will be released to the seller automatically in 3 days( 1 hour)? \(.+\) unless you confirm receipt, raise a dispute or extend\./,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Extend inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend inspection' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Extend by'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('Inspection period extended')).toBeTruthy();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', body: { days: 5 } })]);
  });

  it('shows the server’s refusal', async () => {
    const tx = shipped();
    stubApi({
      [`POST /api/transactions/${tx.id}/extend-inspection`]: () =>
        fail(409, 'The inspection period can only be extended once', 'CONFLICT'),
    });
    renderWithProviders(<InspectionWindow transaction={tx} />);
    await userEvent.click(screen.getByRole('button', { name: 'Extend inspection' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('The inspection period can only be extended once')).toBeTruthy();
  });

  it('puts a 400 naming the days on the field and focuses it', async () => {
    const tx = shipped();
    const RANGE = INSPECTION_TEXT.extensionRange;
    stubApi({
      [`POST /api/transactions/${tx.id}/extend-inspection`]: () => ({
        status: 400,
        body: {
          success: false,
          error: RANGE,
          code: 'VALIDATION_ERROR',
          details: [{ field: 'days', message: RANGE }],
        },
      }),
    });
    renderWithProviders(<InspectionWindow transaction={tx} />);
    await userEvent.click(screen.getByRole('button', { name: 'Extend inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend inspection' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    const days = within(dialog).getByLabelText('Extend by');
    await waitFor(() => expect(days).toHaveAccessibleDescription(RANGE));
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveFocus();
  });

  it('tells the seller, without the extend control, and says when it was already extended', () => {
    renderWithProviders(<InspectionWindow transaction={shipped({ viewerRole: 'SELLER' })} />);
    expect(screen.getByTestId('inspection-window').textContent).toContain(
      'Funds will be released to you automatically in 3 days',
    );
    expect(screen.queryByRole('button', { name: 'Extend inspection' })).toBeNull();
  });

  it('hides the extension once used, and the whole window outside inspection', () => {
    const { unmount } = renderWithProviders(
      <InspectionWindow transaction={shipped({ inspectionExtendedAt: new Date().toISOString() })} />,
    );
    expect(screen.getByText('The inspection period has been extended once.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Extend inspection' })).toBeNull();
    unmount();
    renderWithProviders(<InspectionWindow transaction={shipped({ status: 'DISPUTED' })} />);
    expect(screen.queryByTestId('inspection-window')).toBeNull();
  });
});
