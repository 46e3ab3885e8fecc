import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESOLUTION_REASON_MAX } from '@escrow/shared/domain/disputes';
import { makeDispute } from '../../../testing/dispute-fixtures';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import { EscalateDialog } from './escalate-dialog';

const dispute = makeDispute({ id: 'dispute-1', status: 'OPEN', viewerRole: 'RAISER' });
const LABEL = 'Anything support should know (optional)';
const TOO_LONG = `Reason must be at most ${RESOLUTION_REASON_MAX} characters`;

async function openDialog(handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  const onClose = vi.fn();
  renderAt(<EscalateDialog dispute={dispute} onClose={onClose} />, { path: '/app/disputes/dispute-1' });
  const dialog = await screen.findByRole('dialog', { name: 'Escalate to support?' });
  return { api, onClose, dialog };
}

describe('Escalate to support (react-hook-form over the shared escalate schema)', () => {
  it('refuses a reason over the limit beside the field, focused, without sending; then sends the fix', async () => {
    const { api, onClose, dialog } = await openDialog({
      'POST /api/disputes/dispute-1/escalate': () => ok({ dispute }),
    });
    const reason = within(dialog).getByLabelText(LABEL);
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(RESOLUTION_REASON_MAX + 1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(TOO_LONG));
    expect(reason).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, ' The seller stopped answering ');
    await waitFor(() => expect(reason).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ body: { reason: 'The seller stopped answering' } }),
    ]);
  });

  it('puts a 400 naming the reason on the field', async () => {
    const { dialog } = await openDialog({
      'POST /api/disputes/dispute-1/escalate': () => ({
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
    await userEvent.type(reason, 'Please look');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(TOO_LONG));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
  });
});
