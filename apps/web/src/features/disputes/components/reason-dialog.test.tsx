import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESOLUTION_REASON_MAX } from '@escrow/shared/domain/disputes';
import type { DisputeResolution } from '@escrow/shared/schemas/disputes';
import { makeDispute } from '../../../testing/dispute-fixtures';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import { EscalateDialog } from './escalate-dialog';
import { ProposalAnswer } from './proposal-answer';

/** The two dialogs with an optional reason (ReasonDialog), each over its own shared schema and endpoint. */
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
const dispute = makeDispute({
  id: 'dispute-1',
  status: 'OPEN',
  viewerRole: 'RAISER',
  resolutions: [proposal],
});
type Handlers = Parameters<typeof stubApi>[0];

const DIALOGS = [
  {
    name: 'Escalate to support (shared escalate schema)',
    endpoint: 'POST /api/disputes/dispute-1/escalate',
    label: 'Anything support should know (optional)',
    submit: 'Escalate',
    typed: ' The seller stopped answering ',
    sent: 'The seller stopped answering',
    async open(handlers: Handlers) {
      const api = stubApi(handlers);
      const onClose = vi.fn();
      renderAt(<EscalateDialog dispute={dispute} onClose={onClose} />, { path: '/app/disputes/dispute-1' });
      const dialog = await screen.findByRole('dialog', { name: 'Escalate to support?' });
      return { api, dialog, onClose };
    },
  },
  {
    name: 'Reject a proposal (shared reject schema)',
    endpoint: 'POST /api/disputes/resolutions/r1/reject',
    label: 'Why (optional; the other party sees this)',
    submit: 'Reject proposal',
    typed: ' Too little ',
    sent: 'Too little',
    async open(handlers: Handlers) {
      const api = stubApi(handlers);
      renderAt(<ProposalAnswer dispute={dispute} resolution={proposal} viewerId="buyer-1" />, {
        path: '/app/disputes/dispute-1',
      });
      await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reject this proposal?' });
      return { api, dialog, onClose: null };
    },
  },
];

describe.each(DIALOGS)('$name', ({ endpoint, label, submit, typed, sent, open }) => {
  it('refuses a reason over the limit on press, beside the field and focused, without sending; then sends the fix', async () => {
    const { api, dialog, onClose } = await open({ [endpoint]: () => ok({ dispute }) });
    const reason = within(dialog).getByLabelText(label);
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(RESOLUTION_REASON_MAX + 1));
    const press = within(dialog).getByRole('button', { name: submit });
    expect(press).toBeEnabled();
    await userEvent.click(press);
    await waitFor(() => expect(reason).toHaveAccessibleDescription(TOO_LONG));
    expect(reason).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, typed);
    await waitFor(() => expect(reason).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(press);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({ body: { reason: sent } }),
      ]),
    );
    if (onClose) await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('puts a 400 naming the reason on the field', async () => {
    const { dialog } = await open({
      [endpoint]: () => ({
        status: 400,
        body: {
          success: false,
          error: TOO_LONG,
          code: 'VALIDATION_ERROR',
          details: [{ field: 'reason', message: TOO_LONG }],
        },
      }),
    });
    const reason = within(dialog).getByLabelText(label);
    await userEvent.type(reason, 'No');
    await userEvent.click(within(dialog).getByRole('button', { name: submit }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(TOO_LONG));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
  });
});
