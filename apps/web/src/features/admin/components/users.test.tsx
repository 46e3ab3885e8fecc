import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  fail,
  makeUserDetail,
  ok,
  renderConsole,
  stubApi,
  SUPPORT,
} from '../testing/admin-test-utils';
import { ADMIN_TEXT } from '@escrow/shared/schemas/admin';
import type { StaffViewer } from '../lib/staff';
import { UserDetail } from './user-detail';
import { UserSearch } from './user-search';

const summary = (id: string, firstName: string, email: string, extra = {}) => ({
  id,
  email,
  firstName,
  lastName: 'Obi',
  role: 'USER',
  verificationLevel: 'ENHANCED',
  trustScore: 45,
  suspendedAt: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  ...extra,
});

describe('UserSearch', () => {
  it('searches by what was typed and links each result to its user page', async () => {
    const { calls } = stubApi({
      'GET /api/admin/users?q=&page=1&limit=20': () => ok({ users: [], page: 1, limit: 20, hasMore: false }),
      'GET /api/admin/users?q=ada%40example.com&page=1&limit=20': () =>
        ok({
          users: [
            summary('user-buyer', 'Ada', 'ada@example.com', { suspendedAt: '2026-03-01T10:00:00.000Z' }),
          ],
          page: 1,
          limit: 20,
          hasMore: false,
        }),
    });
    const user = userEvent.setup();
    renderConsole(<UserSearch />, { path: '/app/admin/users' });
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search users'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('list', { name: 'Users found' });
    expect(within(results).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute(
      'href',
      '/app/admin/users/user-buyer',
    );
    expect(within(results).getByText('Suspended')).toBeInTheDocument();
    expect(within(results).getByText('ENHANCED')).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe('/api/admin/users?q=ada%40example.com&page=1&limit=20');
    expect(screen.getByTestId('location')).toHaveTextContent('/app/admin/users?q=ada%40example.com');
    expect(screen.getByLabelText('Search users')).toHaveValue('ada@example.com');
  });

  it('keeps the search box on the search shown when Back returns to another', async () => {
    stubApi({
      'GET /api/admin/users?q=&page=1&limit=20': () => ok({ users: [], page: 1, limit: 20, hasMore: false }),
      'GET /api/admin/users?q=bola&page=1&limit=20': () =>
        ok({ users: [], page: 1, limit: 20, hasMore: false }),
    });
    const user = userEvent.setup();
    const { router } = renderConsole(<UserSearch />, { path: '/app/admin/users' });
    const box = screen.getByLabelText('Search users');
    await user.type(box, 'bola');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match “bola”.')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    stubApi({
      'GET /api/admin/users?q=nobody&page=1&limit=20': () =>
        ok({ users: [], page: 1, limit: 20, hasMore: false }),
    });
    renderConsole(<UserSearch />, { path: '/app/admin/users?q=nobody', pattern: '/app/admin/users' });
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
  });
});

function renderUser(
  viewer: StaffViewer,
  detail = makeUserDetail(),
  extra: Parameters<typeof stubApi>[0] = {},
) {
  const api = stubApi({ 'GET /api/admin/users/user-buyer': () => ok(detail), ...extra });
  renderConsole(<UserDetail userId="user-buyer" viewer={viewer} />, {
    path: '/app/admin/users/user-buyer',
    pattern: '/app/admin/users/:userId',
  });
  return api;
}

describe('UserDetail', () => {
  it('shows the profile, verification, wallet, disputes, sessions and flags open money', async () => {
    renderUser(SUPPORT);
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByText('35 / 100')).toBeInTheDocument();
    expect(screen.getByText('₦12,500.00')).toBeInTheDocument();
    expect(screen.getByText('₦10,250.00')).toBeInTheDocument();
    // The device is named as in the user's own list, not as a raw user agent.
    const sessions = within(screen.getByRole('list', { name: 'Active sessions' }));
    expect(sessions.getByText('Chrome on Android')).toBeVisible();
    expect(sessions.getByText(/^Mozilla\/5\.0/)).not.toBeVisible();
    expect(screen.getByText('Raised against them').nextElementSibling).toHaveTextContent('0');

    const transactions = screen.getByRole('list', { name: 'Newest transactions' });
    const [flagged, plain] = within(transactions).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(flagged).getByText('Flagged')).toBeInTheDocument();
    expect(flagged).toHaveAttribute('data-flagged', 'true');
    expect(within(plain).queryByText('Flagged')).not.toBeInTheDocument();
    expect(within(plain).getByText('Completed')).toBeInTheDocument();
  });

  it('shows a closed account as closed, when, and without any action', async () => {
    renderUser(
      ADMIN,
      makeUserDetail({
        firstName: 'Closed',
        lastName: 'account',
        email: 'closed+0b6f5a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b@invalid',
        closedAt: '2026-03-02T09:30:00.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Closed account' })).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.getByText(/^Closed by its owner/)).toHaveTextContent(
      'A closed account cannot be reopened.',
    );
    expect(screen.getByText(`${ADMIN_TEXT.accountClosed}.`)).toBeInTheDocument();
    for (const name of ['Suspend', 'Reinstate', 'Change level'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows SUPPORT the admin-only controls disabled, with the reason', async () => {
    renderUser(SUPPORT);
    expect(await screen.findByText('Only an admin can do this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Suspend' })).toHaveAccessibleDescription(
      'Only an admin can do this',
    );
    expect(screen.getByLabelText('Verification level')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change level' })).toBeDisabled();
  });

  it('suspends only with a reason, after the dialog, through the route', async () => {
    const { calls } = renderUser(ADMIN, makeUserDetail(), {
      'POST /api/admin/users/user-buyer/suspend': () => ok({ user: {} }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend user' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend user' }));
    // The message sits on the field, which takes the focus.
    const reason = within(dialog).getByLabelText('Reason for the suspension');
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription('Please give a reason');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend user' }));
    expect(reason).toHaveAccessibleDescription('Please give a reason');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason for the suspension'), 'Chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/users/user-buyer/suspend',
      body: { reason: 'Chargeback fraud' },
    });
    expect(await screen.findByText('User suspended; their sessions were signed out')).toBeInTheDocument();
  });

  it("keeps the suspend dialog open with the server's refusal", async () => {
    renderUser(ADMIN, makeUserDetail(), {
      'POST /api/admin/users/user-buyer/suspend': () =>
        fail(409, 'This user is already suspended', 'ALREADY_SUSPENDED'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend user' });
    await user.type(within(dialog).getByLabelText('Reason for the suspension'), 'Fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend user' }));
    expect(await within(dialog).findByText('This user is already suspended')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason for the suspension')).toHaveAccessibleDescription(
      'This user is already suspended',
    );
  });

  it("puts a 400's message on the reason, and clears it as the reason is fixed", async () => {
    renderUser(ADMIN, makeUserDetail(), {
      'POST /api/admin/users/user-buyer/suspend': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'reason', message: 'Reason must be at most 500 characters' }],
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend user' });
    const reason = within(dialog).getByLabelText('Reason for the suspension');
    await user.type(reason, 'Fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend user' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Reason must be at most 500 characters'));
    expect(reason).toHaveFocus();
    expect(within(dialog).queryByText('Validation failed')).not.toBeInTheDocument();
    await user.clear(reason);
    expect(reason).toHaveAccessibleDescription('Please give a reason');
    await user.type(reason, 'Chargeback fraud');
    await waitFor(() => expect(reason).not.toHaveAccessibleDescription());
  });

  it('reinstates a suspended user after confirmation', async () => {
    const { calls } = renderUser(
      ADMIN,
      makeUserDetail({ suspendedAt: '2026-03-01T10:00:00.000Z', suspensionReason: 'Chargeback fraud' }),
      { 'POST /api/admin/users/user-buyer/reinstate': () => ok({ user: {} }) },
    );
    const user = userEvent.setup();
    expect(await screen.findByText(/Chargeback fraud/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reinstate' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reinstate user' })).getByRole('button', {
        name: 'Reinstate user',
      }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/users/user-buyer/reinstate')).toBe(true),
    );
    expect(await screen.findByText('User reinstated')).toBeInTheDocument();
  });

  it('changes the verification level after confirmation', async () => {
    const { calls } = renderUser(ADMIN, makeUserDetail(), {
      'PUT /api/admin/users/user-buyer/verification-level': () => ok({ user: {} }),
    });
    const user = userEvent.setup();
    const change = await screen.findByRole('button', { name: 'Change level' });
    expect(change).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Verification level'), 'PREMIUM');
    await user.click(change);
    const dialog = screen.getByRole('dialog', { name: 'Change verification level' });
    expect(dialog).toHaveTextContent('Ada Obi: BASIC → PREMIUM');
    await user.click(within(dialog).getByRole('button', { name: 'Change level' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ verificationLevel: 'PREMIUM' }),
    );
  });

  it('does not offer to suspend staff or oneself', async () => {
    renderUser({ id: 'user-buyer', role: 'ADMIN' }, makeUserDetail({ role: 'ADMIN' }));
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeDisabled();
    expect(screen.getByText('You cannot suspend your own account')).toBeInTheDocument();
  });
});
