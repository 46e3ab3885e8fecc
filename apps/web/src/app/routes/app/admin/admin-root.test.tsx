import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, renderWithApp } from '../../../../testing/render-with-app';
import {
  installFakeLiveChannel,
  makeRefund,
  makeUserDetail,
  ok,
  stubApi,
} from '../../../../features/admin/testing/admin-test-utils';
import { setLiveChannelForTests } from '../../../../lib/socket';
import AdminRootPage from './admin-root';

const routes = [{ path: '/app/admin/*', element: <AdminRootPage /> }];
const emptyQueue = () => ok({ disputes: [], page: 1, limit: 20, hasMore: false });

function signedInAs(role: 'ADMIN' | 'SUPPORT', handlers: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('authToken', 'token-staff');
  return stubApi({
    'GET /api/auth/me': () => ok({ user: makeUser({ id: 'staff-1', role, firstName: 'Sade' }) }),
    ...handlers,
  });
}

beforeEach(() => installFakeLiveChannel());
afterEach(() => {
  setLiveChannelForTests(null);
});

describe('/app/admin', () => {
  it('opens on the dispute queue, with a sub-navigation to every section', async () => {
    signedInAs('SUPPORT', { 'GET /api/admin/disputes?page=1&limit=20': emptyQueue });
    const { router } = renderWithApp(routes, '/app/admin');
    expect(await screen.findByRole('heading', { name: 'Dispute queue' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/admin/disputes');

    const nav = screen.getByRole('navigation', { name: 'Operator console sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Disputes',
      'Users',
      'Documents',
      'Refunds',
      'Text messages',
      'Audit log',
      'Waitlist',
      'Ledger',
    ]);
    expect(within(nav).getByRole('link', { name: 'Disputes' })).toHaveAttribute('aria-current', 'page');
    // At 375 px the eight tabs wrap onto a second row instead of running off a scroller's edge.
    expect(within(nav).getByRole('list')).toHaveClass('flex-wrap');
    expect(nav).not.toHaveClass('overflow-x-auto');
    // Set by an effect after the first paint: waited for, not read at once.
    await waitFor(() => expect(document.title).toBe('Disputes — Operator console — Amana Escrow'));
  });

  it('gives support staff the Refunds tab, opening on the failed refunds', async () => {
    const { calls } = signedInAs('SUPPORT', {
      'GET /api/admin/disputes?page=1&limit=20': emptyQueue,
      'GET /api/admin/refunds?status=FAILED&page=1': () => ok({ refunds: [makeRefund()], hasMore: false }),
    });
    const user = userEvent.setup();
    const { router } = renderWithApp(routes, '/app/admin');
    const nav = await screen.findByRole('navigation', { name: 'Operator console sections' });
    await user.click(within(nav).getByRole('link', { name: 'Refunds' }));

    expect(await screen.findByRole('heading', { name: 'Refunds' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/admin/refunds');
    expect(await screen.findByTestId('refund-row')).toHaveTextContent('Ada Obi');
    expect(screen.getByRole('button', { name: 'Retry: refund to Ada Obi' })).toBeEnabled();
    expect(calls.map((call) => call.path)).toContain('/api/admin/refunds?status=FAILED&page=1');
    await waitFor(() => expect(document.title).toBe('Refunds — Operator console — Amana Escrow'));
  });

  it('runs the ledger check and shows its report', async () => {
    signedInAs('SUPPORT', {
      'GET /api/admin/ledger/check': () =>
        ok({
          report: {
            ok: false,
            checkedAt: '2026-03-10T09:00:00.000Z',
            entries: 1200,
            postings: 2400,
            accounts: 310,
            heldEscrows: 4,
            problems: [{ kind: 'UNBALANCED_ENTRY', subject: 'je-7', detail: 'Postings sum to 0.01' }],
          },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(routes, '/app/admin/ledger');
    await user.click(await screen.findByRole('button', { name: 'Run ledger check' }));
    expect(await screen.findByText('1 problem found.')).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Problems' })).getByText('Postings sum to 0.01'),
    ).toBeInTheDocument();
  });

  it('shows the waitlist card on its own page', async () => {
    signedInAs('ADMIN', {
      'GET /api/admin/waitlist?page=1&limit=20': () => ok({ entries: [], total: 0, page: 1, limit: 20 }),
    });
    renderWithApp(routes, '/app/admin/waitlist');
    expect(await screen.findByText('No one has joined the waitlist yet.')).toBeInTheDocument();
  });

  it("passes the signed-in staff member's role to the user page", async () => {
    signedInAs('SUPPORT', { 'GET /api/admin/users/user-buyer': () => ok(makeUserDetail()) });
    renderWithApp(routes, '/app/admin/users/user-buyer');
    expect(await screen.findByText('Only an admin can do this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeDisabled();
  });

  it('lets an admin act on the user page', async () => {
    signedInAs('ADMIN', { 'GET /api/admin/users/user-buyer': () => ok(makeUserDetail()) });
    renderWithApp(routes, '/app/admin/users/user-buyer');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Suspend' })).toBeEnabled());
    expect(screen.queryByText('Only an admin can do this')).not.toBeInTheDocument();
  });
});
