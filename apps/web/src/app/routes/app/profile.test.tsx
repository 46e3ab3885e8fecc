import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { fail, makeUser, ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { PRIVACY_TEXT } from '@escrow/shared/texts/privacy';
import ProfilePage from './profile';

const me = makeUser({
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  onboardingCompleted: true,
});
const PREFERENCES = {
  transaction_updates: true,
  payment_alerts: true,
  message_notifications: true,
  shipping_updates: true,
  system_alerts: true,
};

function renderProfile(
  user: PublicUser,
  handlers: Parameters<typeof stubApi>[0] = {},
  path = '/app/profile',
) {
  const { calls } = stubApi({
    'GET /api/auth/me': () => ok({ user }),
    'GET /api/auth/profile': () =>
      ok({
        user,
        stats: { completedTransactions: 4, activeTransactions: 2 },
        role: 'buyer',
        memberSince: user.createdAt,
      }),
    'GET /api/auth/sessions': () =>
      ok({
        sessions: [
          {
            id: 's1',
            device: 'Chrome on Windows',
            ipAddress: '10.0.0.1',
            lastActiveAt: new Date().toISOString(),
            createdAt: new Date().toISOString(),
            current: true,
          },
          {
            id: 's2',
            device: 'Safari on iPhone',
            ipAddress: '10.0.0.2',
            lastActiveAt: new Date().toISOString(),
            createdAt: new Date().toISOString(),
            current: false,
          },
        ],
      }),
    'GET /api/notifications/preferences': () => ok({ preferences: PREFERENCES }),
    'GET /api/auth/2fa': () => ok({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
    'GET /api/auth/phone': () => ok({ phone: null, verifiedAt: null, pending: null }),
    ...handlers,
  });
  const { router } = renderWithApp([{ path: '/app/profile', element: <ProfilePage /> }], path);
  return Object.assign(calls, { router });
}

/** A picture that says it is over 5MB (jsdom need not hold the bytes). */
function hugePicture(): File {
  const file = new File(['png'], 'huge.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: 5 * 1024 * 1024 + 1 });
  return file;
}

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('/app/profile', () => {
  it('shows the counts, role and member since from the server, and no Email Test tab for a user', async () => {
    renderProfile(me);
    expect(await screen.findByTestId('completed-count')).toHaveTextContent('4');
    expect(screen.getByTestId('active-count')).toHaveTextContent('2');
    expect(screen.getByText('buyer')).toBeInTheDocument();
    expect(screen.getByText('January 2026')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Preferences', 'Privacy']);
  });

  it('opens the tab its address names, and keeps the open tab in the address', async () => {
    const { router } = renderProfile(me, {}, '/app/profile?tab=security');
    expect(await screen.findByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Phone number' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    expect(router.state.location.search).toBe('?tab=preferences');
  });

  it('shows the Email Test tab to staff', async () => {
    renderProfile(makeUser({ ...me, role: 'SUPPORT' }));
    expect(await screen.findByRole('tab', { name: 'Email Test' })).toBeInTheDocument();
  });

  it('says beside each e-mail field what is wrong, and puts a 400 on the field it names', async () => {
    const calls = renderProfile(makeUser({ ...me, role: 'SUPPORT' }), {
      'POST /api/email/send': () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: 'Validation failed',
          details: [{ field: 'to', message: 'Invalid email address' }],
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Email Test' }));
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send e-mail' }));
    const to = screen.getByLabelText('To');
    expect(await screen.findAllByText('Please fill in all fields')).toHaveLength(2);
    expect(to).toHaveAccessibleDescription('Please fill in all fields');
    expect(to).toHaveFocus();
    expect(screen.getByLabelText('Subject')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Please fill in all fields');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(to, 'ops@example.com');
    await user.type(screen.getByLabelText('Message'), 'Testing');
    await user.click(screen.getByRole('button', { name: 'Send e-mail' }));
    await waitFor(() => expect(to).toHaveAccessibleDescription('Invalid email address'));
    expect(to).toHaveFocus();
  });

  it.each([
    [
      'a text file',
      () => new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      'Please select an image file',
    ],
    ['a picture over 5MB', () => hugePicture(), 'Image size should be less than 5MB'],
  ])('refuses %s before sending it', async (_what, makeFile, text) => {
    const file = makeFile();
    const calls = renderProfile(me);
    await screen.findByTestId('completed-count');
    const picker = screen.getByLabelText('Choose a profile picture');
    await userEvent.upload(picker, file, { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    // The refusal is named on the one file control.
    expect(picker).toHaveAccessibleDescription(`An image file, less than 5MB. ${text}`);
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((call) => call.path)).not.toContain('/api/uploads');
  });

  it('chooses a picture with one file control, previews it and saves it', async () => {
    class BlobUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:picture');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', BlobUrl);
    const calls = renderProfile(me, {
      'POST /api/uploads': () =>
        ok({ upload: { id: 'upload-7', filename: 'me.png', mimeType: 'image/png', size: 3 } }),
      'PUT /api/auth/me': () => ok({ user: me }),
    });
    await screen.findByTestId('completed-count');
    const picker = screen.getByLabelText('Choose a profile picture');
    // The control itself is reached by keyboard, and its face says what it does.
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).not.toHaveAttribute('tabindex', '-1');
    expect(screen.getByText('Upload picture')).toBeInTheDocument();
    await userEvent.upload(picker, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Preview of your new profile picture')).toHaveAttribute(
      'src',
      'blob:picture',
    );
    expect(screen.getByText('Choose another picture')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const upload = calls.find((call) => call.path === '/api/uploads')!.body as FormData;
    expect(upload.get('purpose')).toBe('profile_picture');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/auth/me',
      body: { profilePictureId: 'upload-7' },
    });
  });

  it('asks for the current password before changing the e-mail, then sends both', async () => {
    const calls = renderProfile(me, {
      'PUT /api/auth/me': ({ body }) =>
        (body as { currentPassword?: string }).currentPassword === 'right-one'
          ? ok({ user: { ...me, email: 'new@example.com' } })
          : fail(400, 'Current password is incorrect', 'INVALID_CURRENT_PASSWORD'),
    });
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Please enter your current password to change your email'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(screen.getByLabelText(/Current password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/Current password/));
    await userEvent.type(screen.getByLabelText(/Current password/), 'right-one');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const put = calls.filter((call) => call.method === 'PUT').at(-1)!;
    expect(put.body).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'new@example.com',
      currentPassword: 'right-one',
    });
  }, 20_000);

  it('lists sessions and signs out another one', async () => {
    const calls = renderProfile(me, { 'DELETE /api/auth/sessions/s2': () => ok(null) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    expect(await screen.findByText('Safari on iPhone')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone (10.0.0.2)' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/sessions/s2' && call.method === 'DELETE')).toBe(
      true,
    );
  });

  it('checks the new passwords match with the spec texts', async () => {
    renderProfile(me);
    await userEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be at least 8 characters long')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
  });

  it('saves hide amounts by default and shows the notification preferences', async () => {
    const calls = renderProfile(me, {
      'PUT /api/auth/me': () => ok({ user: { ...me, hideAmounts: true } }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Preferences' }));
    const toggle = screen.getByRole('switch', { name: 'Hide amounts by default' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByRole('switch', { name: /Transaction/ })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByRole('switch', { name: 'Hide amounts by default' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ hideAmounts: true });
  });
});

describe('closing the account', () => {
  it('signs the app out with a toast once the server closed it', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': () => ok({ user: me, previousSignInAt: null }),
      'GET /api/auth/profile': () =>
        ok({
          user: me,
          stats: { completedTransactions: 0, activeTransactions: 0 },
          role: 'buyer',
          memberSince: me.createdAt,
        }),
      'GET /api/auth/me/exports': () => ok({ exports: [], nextRequestAt: null }),
      'GET /api/auth/me/closure': () => ok({ canClose: true, blockers: [] }),
      'POST /api/auth/me/close': () => ({
        status: 200,
        body: { success: true, data: null, message: PRIVACY_TEXT.closed },
      }),
    });
    renderWithApp([{ path: '/app/profile', element: <ProfilePage /> }], '/app/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Privacy' }));
    // The consent recorded at sign-up, from GET /auth/me.
    expect(
      screen.getByText('You accepted the Privacy Policy (version 1.0) on 15/01/2026.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close account' }));
    const dialog = screen.getByRole('dialog', { name: 'Close your account?' });
    await user.type(within(dialog).getByLabelText('Enter your password to confirm'), 'correct-horse-1');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close my account' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByText(PRIVACY_TEXT.closed)).toBeInTheDocument();
    expect(await screen.findByText('Please log in to view your profile')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(calls.find((c) => c.path === '/api/auth/me/close')?.body).toEqual({ password: 'correct-horse-1' });
    // The session is already gone on the server: no sign-out call is made.
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(false);
  });
});

describe('without a user', () => {
  it('says to log in', async () => {
    localStorage.clear();
    stubApi({});
    renderWithApp([{ path: '/app/profile', element: <ProfilePage /> }], '/app/profile');
    expect(await screen.findByText('Please log in to view your profile')).toBeInTheDocument();
  });
});
