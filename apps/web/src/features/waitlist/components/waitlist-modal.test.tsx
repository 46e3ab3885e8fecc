import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubReply } from '../../../testing/api-mock';
import { JoinWaitlistButton, WaitlistLauncher } from './waitlist-launcher';

const alertMock = vi.fn();

beforeEach(() => {
  vi.stubGlobal('alert', alertMock);
});
afterEach(() => {
  alertMock.mockReset();
});

async function openModal() {
  const user = userEvent.setup();
  render(
    <WaitlistLauncher>
      <JoinWaitlistButton />
    </WaitlistLauncher>,
  );
  await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
  expect(screen.getByRole('button', { name: 'Opening...' })).toBeInTheDocument();
  const dialog = await screen.findByRole('dialog', { name: 'Join the Waitlist' });
  return { user, dialog };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
  await user.type(within(dialog).getByLabelText('First name'), 'Ada');
  await user.type(within(dialog).getByLabelText('Last name'), 'Obi');
}

describe('waitlist modal', () => {
  it('opens after the Opening... state, and Escape closes it', async () => {
    const { user } = await openModal();
    // The opener is back to its label (hidden from the accessibility tree behind the modal).
    expect(screen.getByRole('button', { name: 'Join Waitlist', hidden: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toHaveFocus();
  });

  it('keeps Previous disabled on step 1; Next says what is missing by focusing it with its message', async () => {
    const { user, dialog } = await openModal();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Never a silent disabled button.
    expect(next).toBeEnabled();
    await user.click(next);
    const email = within(dialog).getByLabelText('Email address');
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(within(dialog).getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(within(dialog).getByText(/Step 1 of 3/)).toBeInTheDocument();

    await user.type(email, 'not-an-email');
    await user.type(within(dialog).getByLabelText('First name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Last name'), 'Obi');
    await user.click(next);
    expect(email).toHaveFocus();
    expect(within(dialog).getByText(/Step 1 of 3/)).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    const phone = within(dialog).getByLabelText('Phone number (optional)');
    await user.type(phone, '123');
    await user.click(next);
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.clear(phone);

    await user.click(next);
    expect(within(dialog).getByText(/Step 2 of 3/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Individual/ })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('submits from the review step, shows Joining..., then the success view; Join Another Person starts over', async () => {
    let answer!: (reply: StubReply) => void;
    const { calls } = stubApi({
      'POST /api/waitlist': () => new Promise<StubReply>((resolve) => (answer = resolve)),
    });
    const { user, dialog } = await openModal();
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('radio', { name: /Business/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Join Waitlist' }));
    expect(within(dialog).getByRole('button', { name: 'Joining...' })).toBeDisabled();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(`${calls[0]!.method} ${calls[0]!.path}`).toBe('POST /api/waitlist');
    expect(calls[0]!.body).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      phone: '',
      interest: 'business',
    });

    answer({ status: 201, body: { success: true, data: { alreadyJoined: false } } });
    expect(await screen.findByText('Thank you, Ada!')).toBeInTheDocument();
    const follow = screen.getByRole('link', { name: /Follow Us for Updates/ });
    expect(follow).toHaveAttribute('href', 'https://x.com/amanaescrow');
    expect(follow).toHaveAttribute('target', '_blank');

    await user.click(screen.getByRole('button', { name: 'Join Another Person' }));
    expect(screen.getByText(/Step 1 of 3/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('on failure alerts the spec text, stays open and re-enables submit', async () => {
    stubApi({
      'POST /api/waitlist': () => ({
        status: 429,
        headers: { 'retry-after': '42' },
        body: { success: false, error: 'Too many sign-up attempts.', code: 'RATE_LIMITED' },
      }),
    });
    const { user, dialog } = await openModal();
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Join Waitlist' }));

    await waitFor(() =>
      expect(alertMock).toHaveBeenCalledWith(
        'Failed to submit. Please try again. Too many attempts, try again in 1 minute',
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  });

  it('closing while submitting resets the submitting flag', async () => {
    stubApi({ 'POST /api/waitlist': () => new Promise<StubReply>(() => {}) });
    const { user, dialog } = await openModal();
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Join Waitlist' }));
    expect(within(dialog).getByRole('button', { name: 'Joining...' })).toBeDisabled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    const reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  });
});
