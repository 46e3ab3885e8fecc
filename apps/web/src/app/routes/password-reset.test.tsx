import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, LocationProbe, ok, renderWithApp, stubApi } from '../../testing/render-with-app';
import ForgotPasswordPage from './forgot-password';
import ResetPasswordPage from './reset-password';

const GENERIC = 'If an account with that email exists, a reset link has been sent!';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/login', element: <LocationProbe name="Sign-in screen" /> },
];

describe('forgot password', () => {
  it('validates the e-mail, then shows the generic answer', async () => {
    const { calls } = stubApi({ 'POST /api/auth/reset-password': () => ok(null) });
    renderWithApp(routes, '/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Email'));

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(GENERIC);
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('toasts the spec failure text when the call fails', async () => {
    stubApi({ 'POST /api/auth/reset-password': () => fail(429, 'Too many requests', 'RATE_LIMITED') });
    renderWithApp(routes, '/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset link. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(GENERIC)).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('explains a missing token and links to the request form', () => {
    stubApi({});
    renderWithApp(routes, '/reset-password');
    expect(screen.getByRole('heading', { name: 'Reset link missing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks length and confirmation with the spec texts', async () => {
    const { calls } = stubApi({});
    renderWithApp(routes, '/reset-password?token=tok');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('New password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sets the password with the token from the link, toasts and goes to sign-in', async () => {
    const { calls } = stubApi({ 'POST /api/auth/set-new-password': () => ok(null) });
    renderWithApp(routes, '/reset-password?token=abc_DEF-123');
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      resetToken: 'abc_DEF-123',
      newPassword: 'brand-new-pass',
    });
  });

  it("shows the server's text for a dead link and offers a new one", async () => {
    stubApi({
      'POST /api/auth/set-new-password': () =>
        fail(400, 'This reset link is invalid or has expired', 'INVALID_RESET_TOKEN'),
    });
    renderWithApp(routes, '/reset-password?token=used');
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByText('This reset link is invalid or has expired');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
