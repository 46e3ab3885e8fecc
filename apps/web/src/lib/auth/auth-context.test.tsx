import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_EVENT } from '../api-client';
import { useAuth } from './auth-context';
import { fail, makeUser, ok, renderWithApp, stubApi } from '../../testing/render-with-app';

function WhoAmI() {
  const { status, user } = useAuth();
  return <p data-testid="who">{status === 'authenticated' ? user?.firstName : status}</p>;
}

const routes = [{ path: '/', element: <WhoAmI /> }];

describe('AuthProvider', () => {
  it('restores the session from a stored token', async () => {
    localStorage.setItem('authToken', 'current');
    stubApi({ 'GET /api/auth/me': () => ok({ user: makeUser({ firstName: 'Bola' }) }) });
    renderWithApp(routes, '/');
    expect(screen.getByTestId('who')).toHaveTextContent('loading');
    expect(await screen.findByText('Bola')).toBeInTheDocument();
  });

  it('signs out on a 401 for the current token, but ignores a late 401 for an older one', async () => {
    localStorage.setItem('authToken', 'current');
    stubApi({ 'GET /api/auth/me': () => ok({ user: makeUser({ firstName: 'Bola' }) }) });
    renderWithApp(routes, '/');
    await screen.findByText('Bola');

    act(() => {
      window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: 'an-older-token' }));
    });
    expect(screen.getByTestId('who')).toHaveTextContent('Bola');
    expect(localStorage.getItem('authToken')).toBe('current');

    act(() => {
      window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: 'current' }));
    });
    expect(screen.getByTestId('who')).toHaveTextContent('anonymous');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('drops the stored token when the server refuses it on load', async () => {
    localStorage.setItem('authToken', 'revoked');
    stubApi({ 'GET /api/auth/me': () => fail(401, 'Invalid or expired token', 'UNAUTHORIZED') });
    renderWithApp(routes, '/');
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('keeps a valid token when the profile call fails for a network reason', async () => {
    localStorage.setItem('authToken', 'current');
    stubApi({
      'GET /api/auth/me': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithApp(routes, '/');
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('current');
  });
});
