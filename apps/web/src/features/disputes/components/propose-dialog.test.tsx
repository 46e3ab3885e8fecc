import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeDispute } from '../../../testing/dispute-fixtures';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import { ProposeDialog } from './propose-dialog';

const dispute = makeDispute({ id: 'dispute-1', status: 'OPEN', viewerRole: 'ACCUSED' });
const RANGE = 'The buyer’s share must be more than 0 and less than the price';

async function openDialog(handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  const onClose = vi.fn();
  renderAt(<ProposeDialog dispute={dispute} onClose={onClose} />, {
    path: '/app/disputes/dispute-1/resolve',
  });
  const dialog = await screen.findByRole('dialog', { name: 'Propose Resolution' });
  return { api, onClose, dialog };
}

describe('Propose Resolution (react-hook-form over the shared resolution schema)', () => {
  it('focuses the first missing choice with its message, then the share the server would refuse', async () => {
    const { api, dialog } = await openDialog({});
    const sendProposal = () => userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await sendProposal();

    const outcome = within(dialog).getByRole('group', { name: 'Outcome' });
    await waitFor(() =>
      expect(outcome).toHaveAccessibleDescription('Choose what should happen to the money'),
    );
    expect(within(dialog).getByLabelText('Full refund to the buyer')).toHaveFocus();
    const reason = within(dialog).getByLabelText('Reason (the other party sees this)');
    expect(reason).toHaveAccessibleDescription('Please give a reason');

    await userEvent.click(within(dialog).getByLabelText('Partial refund'));
    await waitFor(() => expect(outcome).not.toHaveAccessibleDescription());
    await userEvent.type(reason, 'Half the case is fine');
    const share = within(dialog).getByLabelText("Buyer's share (₦)");
    await userEvent.type(share, '10000');
    await sendProposal();
    await waitFor(() => expect(share).toHaveAccessibleDescription(RANGE));
    expect(share).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('puts a 400 on the amount beside the share, focused', async () => {
    const { onClose, dialog } = await openDialog({
      'POST /api/disputes/dispute-1/resolutions': () => ({
        status: 400,
        body: {
          success: false,
          error: RANGE,
          code: 'VALIDATION_ERROR',
          details: [{ field: 'amount', message: RANGE }],
        },
      }),
    });
    await userEvent.click(within(dialog).getByLabelText('Partial refund'));
    const share = within(dialog).getByLabelText("Buyer's share (₦)");
    await userEvent.type(share, '4,000');
    await userEvent.type(within(dialog).getByLabelText('Reason (the other party sees this)'), 'A discount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(share).toHaveAccessibleDescription(RANGE));
    expect(share).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the proposal the server expects and closes', async () => {
    const { api, onClose, dialog } = await openDialog({
      'POST /api/disputes/dispute-1/resolutions': () => ok({ dispute }),
    });
    await userEvent.click(within(dialog).getByLabelText('Release payment to the seller'));
    await userEvent.type(
      within(dialog).getByLabelText('Reason (the other party sees this)'),
      '  It arrived ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({
      resolutionType: 'MEDIATION',
      resolution: 'RELEASE_PAYMENT',
      reason: 'It arrived',
    });
  });
});
