import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, LocationProbe, makeUser, ok, renderWithApp, stubApi } from '../../testing/render-with-app';
import SignupPage from './signup';

const routes = [
  { path: '/signup', element: <SignupPage /> },
  { path: '/login', element: <LocationProbe name="Sign-in screen" /> },
];

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(screen.getByLabelText(label), value);
  }
}

const CONSENT_LABEL = 'I have read and accept the Privacy Policy';
const acceptPrivacyNotice = () => userEvent.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
/** A form the client accepts: names, e-mail, matching passwords and the notice ticked. */
async function fillValidForm() {
  await fill({
    'First name': 'Ada',
    'Last name': 'Obi',
    Email: 'ada@example.com',
    Password: 'secret123',
    'Confirm password': 'secret123',
  });
  await acceptPrivacyNotice();
}

describe('sign-up screen', () => {
  it('shows every spec validation message on an empty submit', async () => {
    const { calls } = stubApi({});
    renderWithApp(routes, '/signup');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    // Empty says required; the format message is for what is not an address.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: CONSENT_LABEL })).toHaveAccessibleDescription(
      'Please accept the Privacy Policy to create an account',
    );
    expect(calls).toHaveLength(0);
    await fill({ Email: 'ada@', Password: '12345' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it("puts 'Passwords don't match' on the confirm field", async () => {
    stubApi({});
    renderWithApp(routes, '/signup');
    await fill({
      'First name': 'Ada',
      'Last name': 'Obi',
      Email: 'ada@example.com',
      Password: 'secret123',
      'Confirm password': 'secret124',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const message = await screen.findByText("Passwords don't match");
    expect(message).toHaveAttribute('id', 'signup-confirm-password-error');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('each password field has its own show/hide toggle', async () => {
    stubApi({});
    renderWithApp(routes, '/signup');
    await userEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('creates the account without signing in, clears the cache and goes to sign-in keeping `from`', async () => {
    const { calls } = stubApi({ 'POST /api/auth/signup': () => ok({ user: makeUser() }, 201) });
    const { queryClient } = renderWithApp(routes, '/signup', {
      from: { pathname: '/app/join-transaction/x1' },
    });
    queryClient.setQueryData(['something-cached'], { stale: true });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('/app/join-transaction/x1');
    expect(
      await screen.findByText('Account created successfully! Please login to continue.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(queryClient.getQueryData(['something-cached'])).toBeUndefined();
    const [call] = calls;
    // The confirmation stays in the browser; the API gets its four fields, the acceptance and the
    // language the screens show.
    expect(call!.body).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      password: 'secret123',
      acceptPrivacyNotice: true,
      language: 'en',
    });
  });

  it('needs the Privacy Policy accepted: a labelled checkbox whose link opens the notice in a new tab', async () => {
    const { calls } = stubApi({ 'POST /api/auth/signup': () => ok({ user: makeUser() }, 201) });
    renderWithApp(routes, '/signup');
    const checkbox = screen.getByRole('checkbox', { name: CONSENT_LABEL });
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAttribute('aria-required', 'true');
    const link = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(link).toHaveAttribute('href', '/legal/privacy-policy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await fill({
      'First name': 'Ada',
      'Last name': 'Obi',
      Email: 'ada@example.com',
      Password: 'secret123',
      'Confirm password': 'secret123',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const message = await screen.findByText('Please accept the Privacy Policy to create an account');
    expect(message).toHaveAttribute('id', 'signup-accept-privacy-error');
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveFocus();
    expect(calls).toHaveLength(0);

    // Keyboard: Tab from the last password field reaches the checkbox, Space ticks it, Tab the link.
    screen.getByLabelText('Confirm password').focus();
    await userEvent.tab();
    await userEvent.tab();
    expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(checkbox).toBeChecked();
    await userEvent.tab();
    expect(link).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(calls[0]!.body).toMatchObject({ acceptPrivacyNotice: true });
  });

  it("shows the server's refusal of the acceptance on the checkbox", async () => {
    stubApi({
      'POST /api/auth/signup': () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: 'Please accept the Privacy Policy to create an account',
          details: [
            {
              field: 'acceptPrivacyNotice',
              message: 'Please accept the Privacy Policy to create an account',
            },
          ],
        },
      }),
    });
    renderWithApp(routes, '/signup');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const checkbox = screen.getByRole('checkbox', { name: CONSENT_LABEL });
    await vi.waitFor(() =>
      expect(checkbox).toHaveAccessibleDescription('Please accept the Privacy Policy to create an account'),
    );
  });

  it('shows a taken e-mail on the e-mail field, focused, without a toast', async () => {
    stubApi({
      'POST /api/auth/signup': () => fail(409, 'An account with this email already exists', 'EMAIL_TAKEN'),
    });
    renderWithApp(routes, '/signup');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription('An account with this email already exists'),
    );
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('An account with this email already exists')).toHaveLength(1);
  });

  it("shows the server's text on failure and stays on the form", async () => {
    stubApi({
      'POST /api/auth/signup': () => fail(503, 'Service unavailable', 'UNAVAILABLE'),
    });
    renderWithApp(routes, '/signup');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('rotates through 6 slides every 5 s', async () => {
    vi.useFakeTimers();
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    try {
      stubApi({});
      renderWithApp(routes, '/signup');
      const carousel = screen.getByRole('region', { name: /What .* does/ });
      const current = () => within(carousel).getByRole('group').getAttribute('aria-label');
      expect(current()).toBe('1 of 6');
      await advance(4900);
      expect(current()).toBe('1 of 6');
      await advance(200);
      expect(current()).toBe('2 of 6');
      for (const expected of ['3 of 6', '4 of 6', '5 of 6', '6 of 6', '1 of 6']) {
        await advance(5000);
        expect(current()).toBe(expected);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
