import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_TEXT } from '@escrow/shared/schemas/assistant';
import { useLogoutDialog } from '../../../components/layouts/logout-dialog';
import { PRIVACY_TEXT } from '@escrow/shared/texts/privacy';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { fail, LocationProbe, makeUser, ok, renderWithApp, stubApi } from '../../../testing/render-with-app';
import AppRoot from './app-root';

beforeAll(() => {
  // Radix menus measure their trigger; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function DashboardStandIn() {
  const { openLogoutDialog } = useLogoutDialog();
  const { closeAccount } = useAuth();
  return (
    <div>
      <h1>Dashboard screen</h1>
      <button type="button" onClick={openLogoutDialog}>
        Dashboard log out
      </button>
      <button type="button" onClick={() => void api('/transactions/stats').catch(() => {})}>
        Load stats
      </button>
      <button
        type="button"
        onClick={() =>
          void closeAccount(() =>
            api('/auth/me/close', { method: 'POST', body: { password: 'pw-123456' } }),
          ).catch(() => {})
        }
      >
        Close my account
      </button>
    </div>
  );
}

// Mirrors router.tsx: /app guarded, /app/admin limited to staff by `handle.allowedRoles`.
const routes = [
  {
    path: '/app',
    element: <AppRoot />,
    children: [
      { path: 'dashboard', element: <DashboardStandIn /> },
      { path: 'wallet', element: <h1>Wallet screen</h1> },
      { path: 'profile', element: <h1>Profile screen</h1> },
      { path: 'admin', handle: { allowedRoles: ['ADMIN', 'SUPPORT'] }, element: <h1>Operator screen</h1> },
    ],
  },
  { path: '/login', element: <LocationProbe name="Sign-in screen" /> },
  { path: '/unauthorized', element: <LocationProbe name="Access denied screen" /> },
  { path: '/', element: <LocationProbe name="Landing screen" /> },
];

function signedInAs(user = makeUser(), extra: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('authToken', 'token-abc');
  return stubApi({ 'GET /api/auth/me': () => ok({ user }), ...extra });
}

describe('closing the account', () => {
  it('goes to the landing page, even when another call is refused before the closing answer', async () => {
    let answerClose: (value: ReturnType<typeof ok>) => void = () => {};
    const { calls } = signedInAs(makeUser(), {
      'POST /api/auth/me/close': () => new Promise((resolve) => (answerClose = resolve)),
      'GET /api/transactions/stats': () => fail(401, 'Unauthorized', 'UNAUTHORIZED'),
    });
    const { router } = renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Close my account' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me/close')).toBe(true));
    // The server ended the session as it closed: a call answered 401 before the closing answer arrived.
    await userEvent.click(screen.getByRole('button', { name: 'Load stats' }));
    expect(await screen.findByRole('heading', { name: 'Landing screen' })).toBeInTheDocument();
    answerClose(ok(null));
    expect(await screen.findByText(PRIVACY_TEXT.closed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a refused closing (wrong password) signs nobody out', async () => {
    signedInAs(makeUser(), {
      'POST /api/auth/me/close': () => fail(400, 'Current password is incorrect', 'INVALID_CURRENT_PASSWORD'),
    });
    renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Close my account' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument(),
    );
    expect(localStorage.getItem('authToken')).toBe('token-abc');
  });
});

describe('guard of /app', () => {
  it("shows 'Loading...' while the session resolves, then sends a rejected session to /login with `from`", async () => {
    localStorage.setItem('authToken', 'stale-token');
    let answer: (value: ReturnType<typeof fail>) => void = () => {};
    const { calls } = stubApi({ 'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)) });
    renderWithApp(routes, '/app/wallet');

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Wallet screen' })).not.toBeInTheDocument();
    // The mock hears the request a few ticks after the app sends it.
    await waitFor(() => expect(calls).toHaveLength(1));
    answer(fail(401, 'Unauthorized', 'UNAUTHORIZED'));

    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('/app/wallet');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('sends a visitor without a token straight to /login, remembering the page', async () => {
    const { calls } = stubApi({});
    const { router } = renderWithApp(routes, '/app/wallet');
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('from')).toHaveTextContent('/app/wallet');
    expect(calls).toHaveLength(0);
  });

  it('sends a USER on a staff-only route to /unauthorized', async () => {
    signedInAs(makeUser({ role: 'USER' }));
    const { router } = renderWithApp(routes, '/app/admin');
    expect(await screen.findByRole('heading', { name: 'Access denied screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('lets staff into the staff-only route and shows them the operator console link', async () => {
    signedInAs(makeUser({ role: 'SUPPORT' }));
    renderWithApp(routes, '/app/admin');
    expect(await screen.findByRole('heading', { name: 'Operator screen' })).toBeInTheDocument();
    const sideNav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(sideNav).getByRole('link', { name: 'Operator console' })).toHaveAttribute(
      'href',
      '/app/admin',
    );
  });

  it('signs out and remembers the page when a later call says the session is gone', async () => {
    signedInAs(makeUser(), {
      'GET /api/transactions/stats': () => fail(401, 'Unauthorized', 'UNAUTHORIZED'),
    });
    renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Load stats' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('/app/dashboard');
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});

describe('app shell', () => {
  it('shows the user, the side and bottom navigation with the active page marked', async () => {
    signedInAs(makeUser({ firstName: 'Chiamaka', lastName: 'Eze' }));
    renderWithApp(routes, '/app/wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet screen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Chiamaka/ })).toBeInTheDocument();

    const sideNav = screen.getByRole('navigation', { name: 'Main navigation' });
    const sideLabels = within(sideNav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(sideLabels).toEqual([
      'Dashboard',
      'Create Transaction',
      'Join Transaction',
      'My Transactions',
      'Messages',
      'Notifications',
      'Wallet',
      'Disputes',
      'User Profile',
    ]);
    expect(within(sideNav).getByRole('link', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');

    const bottomNav = screen.getByRole('navigation', { name: 'Bottom navigation' });
    expect(
      within(bottomNav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/app/dashboard', '/app/create-transaction', '/app/transactions', '/app/messages']);
    // The wallet is behind More, so More is marked as where the user is.
    expect(within(bottomNav).getByRole('button', { name: 'More' })).toHaveClass('text-brand-700');
    expect(screen.queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
  });

  it("keeps the rest of the spec's bottom navigation one tap away in the More sheet", async () => {
    signedInAs(makeUser());
    const { router } = renderWithApp(routes, '/app/dashboard');
    const bottomNav = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    const more = within(bottomNav).getByRole('button', { name: 'More' });
    await userEvent.click(more);
    const sheet = await screen.findByRole('dialog', { name: 'More' });
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/app/join-transaction', '/app/notifications', '/app/wallet', '/app/profile']);
    // Focus is inside the sheet; Escape closes it and gives focus back to More.
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument());
    expect(more).toHaveFocus();

    await userEvent.click(more);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'More' })).getByRole('link', { name: 'Wallet' }),
    );
    expect(router.state.location.pathname).toBe('/app/wallet');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument());
  });

  it('user menu shows name, e-mail and member-since, and its items navigate', async () => {
    signedInAs(makeUser({ createdAt: '2026-03-04T12:00:00.000Z', email: 'ada@example.com' }));
    const { router } = renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for Ada/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ada Obi')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Member since March 2026')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Profile', 'Settings', 'Notifications', 'Developers', 'Log out']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Profile screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/profile');
  });

  it('help button and the floating AI button open the AI Assistant panel, which minimises and closes', async () => {
    signedInAs();
    renderWithApp(routes, '/app/dashboard');
    const help = await screen.findByRole('button', { name: 'Help' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(help);
    const panel = screen.getByRole('region', { name: 'AI Assistant' });
    expect(help).toHaveAttribute('aria-expanded', 'true');
    // The conversation is loaded on first open.
    expect(await within(panel).findByText(ASSISTANT_TEXT.welcome)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'How do I verify my identity?' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Minimise AI Assistant' }));
    expect(within(panel).queryByText(ASSISTANT_TEXT.welcome)).not.toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close AI Assistant' }));
    expect(screen.queryByRole('region', { name: 'AI Assistant' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open AI Assistant' }));
    expect(screen.getByRole('region', { name: 'AI Assistant' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open AI Assistant' })).not.toBeInTheDocument();
  });

  it('notification bell shows the unread count (9+ above 9) and the latest notifications', async () => {
    const note = {
      id: 'n1',
      userId: 'u1',
      transactionId: 'tx-1',
      type: 'PAYMENT',
      title: 'Payment received',
      message: 'The buyer paid into escrow.',
      isRead: false,
      priority: 'HIGH',
      metadata: {},
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    signedInAs(makeUser(), {
      'GET /api/notifications/unread-count': () => ok({ unreadCount: 12 }),
      'GET /api/notifications?filter=all&limit=5': () =>
        ok({ notifications: [note], total: 1, hasMore: false, unreadCount: 12 }),
    });
    renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 9+ unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Payment received')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the transaction' })).toHaveAttribute(
      'href',
      '/app/transactions/tx-1',
    );
    expect(within(panel).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/app/notifications',
    );
  });

  it('notification bell has no badge at 0', async () => {
    signedInAs(makeUser(), {
      'GET /api/notifications/unread-count': () => ok({ unreadCount: 0 }),
      'GET /api/notifications?filter=all&limit=5': () =>
        ok({ notifications: [], total: 0, hasMore: false, unreadCount: 0 }),
    });
    renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();
  });
});

describe('logout dialog', () => {
  it('Cancel keeps the user signed in', async () => {
    const { calls } = signedInAs();
    renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for Ada/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(dialog).toHaveTextContent(
      "Are you sure you want to log out? You'll need to sign in again to access your account.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('token-abc');
    expect(calls.filter((call) => call.path === '/api/auth/logout')).toHaveLength(0);
  });

  it('Logout (opened from another screen) revokes the session, clears the token and lands on /login', async () => {
    const { calls } = signedInAs(makeUser(), { 'POST /api/auth/logout': () => ok(null) });
    const { router } = renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Dashboard log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // Logging out on purpose does not make the next sign-in return to the page left behind.
    expect(screen.getByTestId('from')).toHaveTextContent('none');
    expect(localStorage.getItem('authToken')).toBeNull();
    const logoutCall = calls.find((call) => call.path === '/api/auth/logout');
    expect(logoutCall?.headers.authorization).toBe('Bearer token-abc');
  });

  it('Logout still signs out locally when the server cannot be reached', async () => {
    signedInAs(makeUser(), {
      'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithApp(routes, '/app/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Dashboard log out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
