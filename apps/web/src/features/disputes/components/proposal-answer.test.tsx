import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RESOLUTION_REASON_MAX } from '@escrow/shared/domain/disputes';
import type { DisputeResolution } from '@escrow/shared/schemas/disputes';
import { makeDispute } from '../../../testing/dispute-fixtures';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import { ProposalAnswer } from './proposal-answer';

const LABEL = 'Why (optional; the other party sees this)';
const TOO_LONG = `Reason must be at most ${RESOLUTION_REASON_MAX} characters`;
const proposal: DisputeResolution = {
  id: 'r1',
  resolutionType: 'MEDIATION',
  resolution: 'REFUND_PARTIAL',
  amount: 3000,
  reason: 'A discount',
  status: 'PENDING',
  closedReason: null,
  rejectionReason: null,
  proposedBy: { id: 'seller-1', firstName: 'Sade', lastName: 'Seller', role: 'ACCUSED' },
  expiresAt: new Date(Date.now() + 47 * 3600_000).toISOString(),
  decidedAt: null,
  createdAt: new Date(Date.now() - 3600_000).toISOString(),
};
const dispute = makeDispute({ status: 'OPEN', viewerRole: 'RAISER', resolutions: [proposal] });

async function openReject(handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  renderAt(<ProposalAnswer dispute={dispute} resolution={proposal} viewerId="buyer-1" />, {
    path: '/app/disputes/dispute-1',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this proposal?' });
  return { api, dialog };
}

describe('Reject a proposal (react-hook-form over the shared reject schema)', () => {
  it('refuses a reason over the limit on press, beside the field and focused, then sends the fix', async () => {
    const { api, dialog } = await openReject({
      'POST /api/disputes/resolutions/r1/reject': () => ok({ dispute }),
    });
    const reason = within(dialog).getByLabelText(LABEL);
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(RESOLUTION_REASON_MAX + 1));
    const press = within(dialog).getByRole('button', { name: 'Reject proposal' });
    expect(press).toBeEnabled();
    await userEvent.click(press);
    await waitFor(() => expect(reason).toHaveAccessibleDescription(TOO_LONG));
    expect(reason).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, ' Too little ');
    await userEvent.click(press);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({ body: { reason: 'Too little' } }),
      ]),
    );
  });

  it('puts a 400 naming the reason on the field', async () => {
    const { dialog } = await openReject({
      'POST /api/disputes/resolutions/r1/reject': () => ({
        status: 400,
        body: {
          success: false,
          error: TOO_LONG,
          code: 'VALIDATION_ERROR',
          details: [{ field: 'reason', message: TOO_LONG }],
        },
      }),
    });
    const reason = within(dialog).getByLabelText(LABEL);
    await userEvent.type(reason, 'No');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject proposal' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(TOO_LONG));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
  });
});
