import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, LocationProbe, makeUser, ok, renderWithApp, stubApi } from '../../testing/render-with-app';
import LoginPage from './login';

/**
 * With two-factor sign-in on, the password earns a challenge (no token) and a second step asks
 * for a code from the authenticator app, or a recovery code; it then signs in exactly as before.
 */
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/app/dashboard', element: <LocationProbe name="Dashboard screen" /> },
  { path: '/app/wallet', element: <LocationProbe name="Wallet screen" /> },
];

const challenge = () =>
  ok({ twoFactorRequired: true, challenge: 'chal-1', expiresAt: '2026-03-01T10:05:00.000Z' });

async function signInWithPassword(user = userEvent.setup()) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in with two-factor sign-in on', () => {
  it('asks for the code, then signs in as usual: token stored, toast, the remembered page', async () => {
    const { calls } = stubApi({
      'POST /api/auth/login': challenge,
      'POST /api/auth/2fa/verify': () => ok({ user: makeUser(), token: 'token-2fa', previousSignInAt: null }),
    });
    renderWithApp(routes, '/login', { from: { pathname: '/app/wallet', search: '', hash: '' } });
    const user = await signInWithPassword();

    expect(
      await screen.findByRole('heading', { name: 'Enter the 6-digit code from your authenticator app' }),
    ).toBeInTheDocument();
    // The password alone gave no session.
    expect(localStorage.getItem('authToken')).toBeNull();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '123 456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Wallet screen' })).toBeInTheDocument();
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('token-2fa');
    expect(calls.find((c) => c.path === '/api/auth/2fa/verify')!.body).toEqual({
      challenge: 'chal-1',
      code: '123456',
    });
  });

  it('refuses a wrong code on the step itself, cleared and focused for the next try', async () => {
    let answers = 0;
    stubApi({
      'POST /api/auth/login': challenge,
      'POST /api/auth/2fa/verify': () =>
        ++answers === 1
          ? fail(
              400,
              'That code is not right. Try the newest code in your authenticator app.',
              'INVALID_TWO_FACTOR_CODE',
            )
          : ok({ user: makeUser(), token: 't' }),
    });
    renderWithApp(routes, '/login');
    const user = await signInWithPassword();
    const code = await screen.findByLabelText('6-digit code');
    // Too short: said here, nothing sent.
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Enter the 6-digit code from your authenticator app$/,
    );
    expect(answers).toBe(0);

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/That code is not right/);

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
  });

  it('takes a recovery code instead', async () => {
    const { calls } = stubApi({
      'POST /api/auth/login': challenge,
      'POST /api/auth/2fa/verify': () => ok({ user: makeUser(), token: 't' }),
    });
    renderWithApp(routes, '/login');
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByRole('heading', { name: 'Enter one of your recovery codes' })).toBeInTheDocument();
    const code = screen.getByLabelText('Recovery code');
    expect(code).toHaveFocus();
    await user.type(code, 'nope');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a recovery code like k3m9x-2pq7d');
    await user.clear(code);
    await user.type(code, ' K3M9X-2PQ7D ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/2fa/verify')!.body).toEqual({
      challenge: 'chal-1',
      code: 'k3m9x-2pq7d',
    });
  });

  it('goes back to the password step with the reason when the challenge has expired', async () => {
    stubApi({
      'POST /api/auth/login': challenge,
      'POST /api/auth/2fa/verify': () =>
        fail(401, 'This sign-in has expired. Sign in again.', 'TWO_FACTOR_CHALLENGE_EXPIRED'),
    });
    renderWithApp(routes, '/login');
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Sign in again.');
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    // The e-mail is kept; the password is asked again, with the focus on it.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('"Back to sign in" returns to the password step', async () => {
    stubApi({ 'POST /api/auth/login': challenge });
    renderWithApp(routes, '/login');
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
