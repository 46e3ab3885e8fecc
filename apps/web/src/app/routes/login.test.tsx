import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, LocationProbe, makeUser, ok, renderWithApp, stubApi } from '../../testing/render-with-app';
import LoginPage from './login';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <LocationProbe name="Sign-up screen" /> },
  { path: '/app/dashboard', element: <LocationProbe name="Dashboard screen" /> },
  { path: '/app/wallet', element: <LocationProbe name="Wallet screen" /> },
];

describe('sign-in screen', () => {
  it('shows the spec validation messages and calls nothing when the form is invalid', async () => {
    const { calls } = stubApi({});
    renderWithApp(routes, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // An empty field says it is required; the format message is for a bad address.
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('show/hide toggles the password input type and its own label', async () => {
    stubApi({});
    renderWithApp(routes, '/login');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in, stores the token, toasts and goes to the dashboard', async () => {
    const { calls } = stubApi({
      'POST /api/auth/login': ({ body }) =>
        ok({ user: makeUser({ email: (body as { email: string }).email }), token: 'token-123' }),
    });
    renderWithApp(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('token-123');
    const [call] = calls;
    // The schema trims the e-mail before it is sent.
    expect(call!.body).toEqual({ email: 'ada@example.com', password: 'secret123' });
  });

  it('returns to the page the guard remembered', async () => {
    stubApi({ 'POST /api/auth/login': () => ok({ user: makeUser(), token: 't' }) });
    renderWithApp(routes, '/login', { from: { pathname: '/app/wallet', search: '', hash: '' } });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Wallet screen' })).toBeInTheDocument();
  });

  it("shows the server's error text and keeps the user on the form", async () => {
    stubApi({
      'POST /api/auth/login': () => fail(401, 'Invalid email or password', 'INVALID_CREDENTIALS'),
    });
    renderWithApp(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the API client text when the server gives none', async () => {
    stubApi({ 'POST /api/auth/login': () => ({ status: 500, body: { success: false } }) });
    renderWithApp(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The API client turns a text-less 500 into 'HTTP 500'.
    expect(await screen.findByText('HTTP 500')).toBeInTheDocument();
  });

  it('disables submit while the call is under way', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const { calls } = stubApi({ 'POST /api/auth/login': () => new Promise((resolve) => (answer = resolve)) });
    renderWithApp(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await waitFor(() => expect(calls).toHaveLength(1));
    answer(ok({ user: makeUser(), token: 't' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument(),
    );
  });

  it('links to sign-up (keeping the remembered page) and to the reset flow, and shows the claims', async () => {
    stubApi({});
    renderWithApp(routes, '/login', { from: { pathname: '/app/join-transaction/abc' } });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
    expect(screen.getByText('50K+')).toBeInTheDocument();
    expect(screen.getByText('ISO 27001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign up now' }));
    expect(await screen.findByRole('heading', { name: 'Sign-up screen' })).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('/app/join-transaction/abc');
  });

  describe('says why the user is here', () => {
    const from = { from: { pathname: '/app/wallet', search: '', hash: '' } };

    it('after this tab was signed out without asking: what happened, what to do, and support', async () => {
      stubApi({ 'POST /api/auth/login': () => ok({ user: makeUser(), token: 't' }) });
      // This tab signed in through the form earlier.
      renderWithApp(routes, '/login');
      await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret123');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await screen.findByRole('heading', { name: 'Dashboard screen' });
      cleanup();
      // The app dropped the refused token.
      localStorage.removeItem('authToken');

      // Later the guard sends it back here, remembering the page (the session was revoked).
      renderWithApp(routes, '/login', from);
      const notice = screen.getByRole('alert');
      expect(notice).toHaveTextContent('You were signed out');
      expect(notice).toHaveTextContent(
        'it was signed out from another device, your password was changed, or your account was suspended',
      );
      expect(within(notice).getByRole('link', { name: 'support@amana.ng' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^mailto:support@amana\.ng/),
      );
    });

    it('says nothing of the kind to a visitor who just opened a link, or after a deliberate sign-out', () => {
      stubApi({});
      renderWithApp(routes, '/login', from);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      cleanup();
      sessionStorage.setItem('amana:signed-in-here', '1');
      // The logout dialog goes to /login without a remembered page.
      renderWithApp(routes, '/login');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      cleanup();
      renderWithApp(routes, '/login', from);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('a suspended account is told so on the page, with the way to support, not in a passing toast', async () => {
      stubApi({ 'POST /api/auth/login': () => fail(403, 'Account suspended', 'ACCOUNT_SUSPENDED') });
      renderWithApp(routes, '/login');
      await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret123');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent('Account suspended');
      expect(notice).toHaveTextContent('To find out why, or to ask for it to be reinstated, write to');
      expect(within(notice).getByRole('link', { name: 'support@amana.ng' })).toBeInTheDocument();
      // Once, on the page: no toast repeats it and vanishes after 4 s.
      expect(screen.getAllByText('Account suspended')).toHaveLength(1);
      expect(localStorage.getItem('authToken')).toBeNull();
    });
  });
});
