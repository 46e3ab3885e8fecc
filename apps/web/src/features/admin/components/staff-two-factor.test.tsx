import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TextMessage } from '@escrow/shared/schemas/phone';
import { ADMIN, makeUserDetail, ok, renderConsole, stubApi, SUPPORT } from '../testing/admin-test-utils';
import type { StaffViewer } from '../lib/staff';
import { StaffTwoFactorNotice } from './staff-two-factor-notice';
import { TextMessages } from './text-messages';
import { UserDetail } from './user-detail';

/**
 * Two-factor sign-in in the console: staff without it are told so with the way to set it up; a
 * user's two-factor sign-in is shown and (ADMIN) reset with a reason; text messages are listed by status
 * and failed ones retried.
 */
const twoFactorRequired = {
  status: 403,
  body: {
    success: false,
    error: 'Staff must turn on two-factor sign-in and use it to sign in before doing this.',
    code: 'TWO_FACTOR_REQUIRED',
    details: { setupUrl: '/app/profile?tab=security' },
  },
};

const message = (overrides: Partial<TextMessage> = {}): TextMessage => ({
  id: 'sms-1',
  userId: 'user-buyer',
  channel: 'SMS',
  toPhone: '+234 *** *** 4567',
  status: 'FAILED',
  attempts: 7,
  lastError: 'provider 503',
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
  ...overrides,
});

describe('staff without two-factor sign-in', () => {
  it('a refused page says why and links to where it is set up, with no retry that cannot help', async () => {
    stubApi({ 'GET /api/admin/text-messages?status=FAILED&page=1': () => twoFactorRequired });
    renderConsole(<TextMessages />, { path: '/app/admin/text-messages' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Staff must turn on two-factor sign-in');
    expect(within(alert).getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/app/profile?tab=security',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a refused action puts the notice with the link at the top of the console', async () => {
    stubApi({
      'GET /api/admin/text-messages?status=FAILED&page=1': () =>
        ok({ messages: [message()], hasMore: false }),
      'POST /api/admin/text-messages/sms-1/retry': () => twoFactorRequired,
    });
    const user = userEvent.setup();
    renderConsole(
      <>
        <StaffTwoFactorNotice />
        <TextMessages />
      </>,
      { path: '/app/admin/text-messages' },
    );
    expect(screen.queryByRole('link', { name: 'Set up two-factor sign-in' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Retry: SMS to +234 *** *** 4567' }));
    expect(await screen.findByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/app/profile?tab=security',
    );
  });
});

describe('text messages', () => {
  it('opens on the failed ones, retries one, and filters by status in the address', async () => {
    const { calls } = stubApi({
      'GET /api/admin/text-messages?status=FAILED&page=1': () =>
        ok({ messages: [message(), message({ id: 'sms-2', channel: 'WHATSAPP' })], hasMore: false }),
      'POST /api/admin/text-messages/sms-1/retry': () =>
        ok({
          message: message({ status: 'PENDING', attempts: 0, nextAttemptAt: '2026-03-01T11:00:00.000Z' }),
        }),
      'GET /api/admin/text-messages?status=SENT&page=1': () =>
        ok({
          messages: [message({ id: 'sms-3', status: 'SENT', sentAt: '2026-03-01T10:00:05.000Z' })],
          hasMore: false,
        }),
    });
    const user = userEvent.setup();
    renderConsole(<TextMessages />, { path: '/app/admin/text-messages' });
    const rows = await screen.findAllByTestId('text-message-row');
    expect(rows).toHaveLength(2);
    // The number masked, never the text of the message.
    expect(within(rows[0]!).getByText('+234 *** *** 4567')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('provider 503')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('WhatsApp')).toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('Message queued to be sent again')).toBeInTheDocument();
    await waitFor(() => expect(within(rows[0]!).getByText('Pending')).toBeInTheDocument());
    expect(within(rows[0]!).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/text-messages/sms-1/retry',
    ]);

    await user.selectOptions(screen.getByLabelText('Status'), 'SENT');
    expect(await screen.findByText(/^Sent \d/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/admin/text-messages?status=SENT');
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });
});

function renderUser(viewer: StaffViewer, twoFactorEnabled: boolean) {
  let enabled = twoFactorEnabled;
  const api = stubApi({
    'GET /api/admin/users/user-buyer': () => ok({ ...makeUserDetail(), twoFactorEnabled: enabled }),
    'POST /api/admin/users/user-buyer/two-factor/reset': () => {
      enabled = false;
      return ok(null);
    },
  });
  renderConsole(<UserDetail userId="user-buyer" viewer={viewer} />, {
    path: '/app/admin/users/user-buyer',
    pattern: '/app/admin/users/:userId',
  });
  return { ...api, user: userEvent.setup() };
}

describe("a user's two-factor sign-in", () => {
  it('an admin resets it with the reason, after confirming', async () => {
    const { calls, user } = renderUser(ADMIN, true);
    const card = (await screen.findByRole('heading', { name: 'Two-factor sign-in' })).parentElement!;
    expect(within(card).getByText('On')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reset two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' });
    expect(dialog).toHaveTextContent('Only after you have checked that you are talking to Ada Obi');
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please give a reason');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('How you checked their identity'),
      'Video call, NIN slip matched',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(
      await screen.findByText(
        'Two-factor sign-in was reset. The user can sign in with their password and set it up again.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Video call, NIN slip matched' });
    await waitFor(() => expect(within(card).getByText('Off')).toBeInTheDocument());
  });

  it('support staff see it, with the reset for admins only', async () => {
    renderUser(SUPPORT, true);
    const card = (await screen.findByRole('heading', { name: 'Two-factor sign-in' })).parentElement!;
    const reset = within(card).getByRole('button', { name: 'Reset two-factor sign-in' });
    expect(reset).toBeDisabled();
    expect(reset).toHaveAccessibleDescription('Only an admin can do this');
  });

  it('shows Off, and no reset, when it is off', async () => {
    renderUser(ADMIN, false);
    const card = (await screen.findByRole('heading', { name: 'Two-factor sign-in' })).parentElement!;
    expect(within(card).getByText('Off')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
