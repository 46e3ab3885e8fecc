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

  it('previews a settlement where the seller pays the fee, and bounds the share by the seller’s fee', async () => {
    // ₦10,000 with the seller paying the ₦250 fee: the buyer paid ₦10,000 into escrow.
    const sellerPays = makeDispute({
      id: 'dispute-1',
      status: 'OPEN',
      viewerRole: 'ACCUSED',
      transaction: { ...dispute.transaction, total: 10_000, feePayer: 'SELLER' },
    });
    stubApi({});
    renderAt(<ProposeDialog dispute={sellerPays} onClose={vi.fn()} />, {
      path: '/app/disputes/dispute-1/resolve',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Propose Resolution' });
    const movements = () => within(dialog).getByTestId('resolution-movements');

    await userEvent.click(within(dialog).getByLabelText('Full refund to the buyer'));
    expect(movements()).toHaveTextContent(
      'Buyer receives ₦10,000.00 · Seller receives ₦0.00 · Platform keeps ₦0.00',
    );

    await userEvent.click(within(dialog).getByLabelText('Partial refund'));
    const share = within(dialog).getByLabelText("Buyer's share (₦)");
    await userEvent.type(share, '4000');
    expect(within(dialog).getByTestId('seller-remainder')).toHaveTextContent(
      'Seller receives ₦5,750.00 of the ₦10,000.00 price, less their ₦250.00 share of the fee',
    );
    expect(movements()).toHaveTextContent(
      'Buyer receives ₦4,000.00 · Seller receives ₦5,750.00 · Platform keeps ₦250.00',
    );

    // ₦9,800 would leave the seller ₦200, less than their ₦250 share: the largest share is ₦9,750.
    await userEvent.clear(share);
    await userEvent.type(share, '9800');
    await userEvent.type(
      within(dialog).getByLabelText('Reason (the other party sees this)'),
      'Mostly broken',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() =>
      expect(share).toHaveAccessibleDescription(
        'The buyer’s share must be more than 0 and at most ₦9,750.00, so the seller’s part covers their ₦250.00 share of the fee',
      ),
    );
    await userEvent.clear(share);
    await userEvent.type(share, '9750');
    expect(movements()).toHaveTextContent(
      'Buyer receives ₦9,750.00 · Seller receives ₦0.00 · Platform keeps ₦250.00',
    );
  });

  it('on a milestone trade, previews and bounds the settlement by what is not yet released', async () => {
    // ₦10,001.00 split 50/50; ₦4,000.50 of it not yet released, with ₦100.02 of the fee (₦50.02 the seller's).
    const milestones = makeDispute({
      id: 'dispute-1',
      status: 'OPEN',
      viewerRole: 'ACCUSED',
      transaction: {
        ...dispute.transaction,
        price: 10_001,
        fee: 250.03,
        total: 10_126.02,
        feePayer: 'SPLIT',
        held: {
          price: 4_000.5,
          fee: 100.02,
          sellerFee: 50.02,
          buyerFee: 50,
          anyReleased: true,
          milestoneTrade: true,
        },
      },
    });
    stubApi({});
    renderAt(<ProposeDialog dispute={milestones} onClose={vi.fn()} />, {
      path: '/app/disputes/dispute-1/resolve',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Propose Resolution' });
    const movements = () => within(dialog).getByTestId('resolution-movements');

    // After a release the platform keeps the fee part of what is refunded.
    await userEvent.click(within(dialog).getByLabelText('Full refund to the buyer'));
    expect(movements()).toHaveTextContent(
      'Buyer receives ₦4,000.50 · Seller receives ₦0.00 · Platform keeps ₦50.00',
    );

    await userEvent.click(within(dialog).getByLabelText('Partial refund'));
    const share = within(dialog).getByLabelText("Buyer's share (₦)");
    await userEvent.type(share, '2000');
    expect(within(dialog).getByTestId('seller-remainder')).toHaveTextContent(
      'Seller receives ₦1,950.48 of the ₦4,000.50 not yet released, less their ₦50.02 share of the fee',
    );
    expect(movements()).toHaveTextContent(
      'Buyer receives ₦2,000.00 · Seller receives ₦1,950.48 · Platform keeps ₦100.02',
    );

    // The whole unreleased ₦4,000.50 is too much: the server's message names the largest share.
    await userEvent.clear(share);
    await userEvent.type(share, '4000.50');
    await userEvent.type(within(dialog).getByLabelText('Reason (the other party sees this)'), 'Half done');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() =>
      expect(share).toHaveAccessibleDescription(
        'The buyer’s share must be more than 0 and at most ₦3,950.48 of the ₦4,000.50 not yet released, so the seller’s part covers their ₦50.02 share of the fee',
      ),
    );
  });
});
