import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '@escrow/shared/schemas/admin';
import { makeUserDetail, ok, renderConsole, stubApi, SUPPORT } from '../testing/admin-test-utils';
import { UserDetail } from './user-detail';

function renderUser(detail: AdminUserDetail) {
  stubApi({ 'GET /api/admin/users/user-buyer': () => ok(detail) });
  renderConsole(<UserDetail userId="user-buyer" viewer={SUPPORT} />, {
    path: '/app/admin/users/user-buyer',
    pattern: '/app/admin/users/:userId',
  });
}

const EXPORTS: AdminUserDetail['dataExports'] = [
  {
    id: 'e-ready',
    status: 'READY',
    requestedAt: '2026-03-10T08:00:00.000Z',
    readyAt: '2026-03-10T08:05:00.000Z',
    expiresAt: '2026-03-17T08:05:00.000Z',
    failedAt: null,
  },
  {
    id: 'e-failed',
    status: 'FAILED',
    requestedAt: '2026-03-05T08:00:00.000Z',
    readyAt: null,
    expiresAt: null,
    failedAt: '2026-03-05T08:40:00.000Z',
  },
  {
    id: 'e-expired',
    status: 'EXPIRED',
    requestedAt: '2026-02-01T08:00:00.000Z',
    readyAt: '2026-02-01T08:05:00.000Z',
    expiresAt: '2026-02-08T08:05:00.000Z',
    failedAt: null,
  },
  {
    id: 'e-pending',
    status: 'PENDING',
    requestedAt: '2026-03-11T08:00:00.000Z',
    readyAt: null,
    expiresAt: null,
    failedAt: null,
  },
];

describe('UserDetail: the privacy record', () => {
  it.each<[string, AdminUserDetail['privacyConsent'], string]>([
    [
      'an accepted version with its time',
      { version: '1.0', acceptedAt: '2026-01-15T10:00:00.000Z' },
      'Version 1.0, 15/01/2026, 11:00',
    ],
    ['no record (create-admin, the demo seed)', null, 'Not recorded'],
  ])('shows the consent: %s', async (_label, privacyConsent, text) => {
    renderUser({ ...makeUserDetail(), privacyConsent });
    expect(await screen.findByTestId('privacy-consent')).toHaveTextContent(text);
    expect(screen.getByText('Privacy Policy accepted')).toBeInTheDocument();
  });

  it('lists the exports with their state and times, and never a way to download them', async () => {
    renderUser({ ...makeUserDetail(), dataExports: EXPORTS });
    const list = await screen.findByRole('list', { name: 'Data exports' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Requested 10/03/2026, 09:00 · ready 10/03/2026, 09:05 · expires 17/03/2026, 09:05Ready',
      'Requested 05/03/2026, 09:00 · failed 05/03/2026, 09:40Failed',
      'Requested 01/02/2026, 09:00 · ready 01/02/2026, 09:05 · expired 08/02/2026, 09:05Expired',
      'Requested 11/03/2026, 09:00Requested',
    ]);
    expect(within(list).queryAllByRole('link')).toEqual([]);
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('link', { name: /download/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /download/i })).not.toBeInTheDocument();
  });

  it('says when there are none, and whether the owner closed the account', async () => {
    renderUser({ ...makeUserDetail({ closedAt: '2026-03-02T09:30:00.000Z' }), dataExports: [] });
    expect(await screen.findByText('No data exports requested.')).toBeInTheDocument();
    expect(screen.getByText('Closed by the owner').nextElementSibling).toHaveTextContent('02/03/2026, 10:30');
  });

  it('an open account says No', async () => {
    renderUser(makeUserDetail());
    expect(await screen.findByText('Closed by the owner')).toBeInTheDocument();
    expect(screen.getByText('Closed by the owner').nextElementSibling).toHaveTextContent('No');
  });
});
