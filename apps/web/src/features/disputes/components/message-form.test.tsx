import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDispute } from '../../../testing/dispute-fixtures';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import { MessageForm } from './message-form';

const dispute = makeDispute({ id: 'dispute-1', status: 'OPEN', viewerRole: 'RAISER' });
const TOO_LONG = 'Message must be at most 2000 characters';

function renderForm() {
  renderAt(<MessageForm dispute={dispute} />, { path: '/app/disputes/dispute-1' });
  return screen.getByLabelText('Message');
}

describe('the dispute message box (react-hook-form over the server’s message schema)', () => {
  it('says beside the box, focused, why a message is too long, and sends nothing until it is fixed', async () => {
    const api = stubApi({ 'POST /api/disputes/dispute-1/messages': () => ok({ dispute }) });
    const box = renderForm();
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(box).toHaveAccessibleDescription(TOO_LONG));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(api.calls).toHaveLength(0);

    await userEvent.type(box, '{Backspace}');
    await waitFor(() => expect(box).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.calls[0]?.body).toEqual({ content: 'x'.repeat(2000) });
  });

  it('puts a 400’s message on the box as well as the spec’s toast', async () => {
    stubApi({
      'POST /api/disputes/dispute-1/messages': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Message cannot be empty',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'content', message: 'Message cannot be empty' }],
        },
      }),
    });
    const box = renderForm();
    await userEvent.type(box, 'Here is the receipt');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription('Message cannot be empty'));
    expect(box).toHaveFocus();
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
  });
});
