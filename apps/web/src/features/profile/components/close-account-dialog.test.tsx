import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '@escrow/shared/schemas/auth';
import { closureBlockerText } from '@escrow/shared/texts/privacy';
import { fail, ok, stubApi } from '../../../testing/api-mock';
import { CLOSING_CONSEQUENCES, CloseAccountDialog } from './close-account-dialog';

const BALANCE = closureBlockerText.walletBalance(1234.5, 'NGN');
const OPEN_TRADE = closureBlockerText.openTransactions(1);

/** Stands in for the app's auth, which signs out once the request succeeded. */
function Harness({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(false);
  const run = async (request: () => Promise<unknown>) => {
    await request();
    onClosed();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Close account
      </button>
      <CloseAccountDialog open={open} onOpenChange={setOpen} closeAccount={run} />
    </>
  );
}

async function openDialog(onClosed = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness onClosed={onClosed} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Close account' }));
  const dialog = screen.getByRole('dialog', { name: 'Close your account?' });
  return { user, dialog, onClosed };
}

const closeButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Close my account' });

describe('CloseAccountDialog', () => {
  it('lists the consequences and, from the server, what blocks closing; the button stays off', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me/closure': () =>
        ok({ canClose: false, blockers: [{ code: 'WALLET_BALANCE', message: BALANCE }] }),
    });
    const { dialog } = await openDialog();
    for (const text of CLOSING_CONSEQUENCES) expect(dialog).toHaveTextContent(text);
    const blockers = await within(dialog).findByRole('list', { name: 'What keeps your account open' });
    expect(blockers).toHaveTextContent('Withdraw your balance of ₦1,234.50 before closing your account');
    expect(closeButton(dialog)).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for the password, shows a wrong one on the field, and closes with the right one', async () => {
    let attempts = 0;
    const { calls } = stubApi({
      'GET /api/auth/me/closure': () => ok({ canClose: true, blockers: [] }),
      'POST /api/auth/me/close': () => {
        attempts += 1;
        return attempts === 1
          ? fail(400, AUTH_TEXT.currentPasswordIncorrect, 'INVALID_CURRENT_PASSWORD')
          : { status: 200, body: { success: true, data: null, message: 'closed' } };
      },
    });
    const { user, dialog, onClosed } = await openDialog();
    await vi.waitFor(() => expect(closeButton(dialog)).toBeEnabled());

    await user.click(closeButton(dialog));
    expect(await within(dialog).findByText(AUTH_TEXT.passwordRequired)).toBeInTheDocument();
    expect(attempts).toBe(0);

    const password = within(dialog).getByLabelText('Enter your password to confirm');
    await user.type(password, 'wrong-one');
    await user.click(closeButton(dialog));
    expect(await within(dialog).findByText(AUTH_TEXT.currentPasswordIncorrect)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(onClosed).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'correct-horse-1');
    await user.click(closeButton(dialog));
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'wrong-one' },
      { password: 'correct-horse-1' },
    ]);
  });

  it('shows what the server names when it refuses (something opened since the check)', async () => {
    stubApi({
      'GET /api/auth/me/closure': () => ok({ canClose: true, blockers: [] }),
      'POST /api/auth/me/close': () => ({
        status: 409,
        body: {
          success: false,
          error: OPEN_TRADE,
          code: 'CONFLICT',
          details: { blockers: [{ code: 'OPEN_TRANSACTIONS', message: OPEN_TRADE }] },
        },
      }),
    });
    const { user, dialog, onClosed } = await openDialog();
    await vi.waitFor(() => expect(closeButton(dialog)).toBeEnabled());
    await user.type(within(dialog).getByLabelText('Enter your password to confirm'), 'correct-horse-1');
    await user.click(closeButton(dialog));
    const blockers = await within(dialog).findByRole('list', { name: 'What keeps your account open' });
    expect(blockers).toHaveTextContent(OPEN_TRADE);
    expect(closeButton(dialog)).toBeDisabled();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('with two-factor sign-in on, asks for a code and sends it with the password', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me/closure': () => ok({ canClose: true, blockers: [] }),
      'GET /api/auth/2fa': () =>
        ok({ enabled: true, enabledAt: '2026-02-01T10:00:00.000Z', recoveryCodesLeft: 10 }),
      'POST /api/auth/me/close': () => ({ status: 200, body: { success: true, data: null } }),
    });
    const { user, dialog, onClosed } = await openDialog();
    await vi.waitFor(() => expect(closeButton(dialog)).toBeEnabled());
    await user.type(within(dialog).getByLabelText('Enter your password to confirm'), 'correct-horse-1');
    await user.click(closeButton(dialog));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator app' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(prompt).getByLabelText('6-digit code'), '123456');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    const [close] = calls.filter((c) => c.method === 'POST');
    expect(close!.body).toEqual({ password: 'correct-horse-1' });
    expect(close!.headers['x-two-factor-code']).toBe('123456');
  });

  it('Cancel closes nothing', async () => {
    const { calls } = stubApi({ 'GET /api/auth/me/closure': () => ok({ canClose: true, blockers: [] }) });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
