import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { auditLogQueryString, EMPTY_AUDIT_FILTERS } from '../api/audit-log';
import { fail, makeAuditEntry, ok, renderConsole, stubApi } from '../testing/admin-test-utils';
import { AuditLog } from './audit-log';

const logPage = (entries: unknown[], hasMore = false) => ok({ entries, page: 1, limit: 50, hasMore });

describe('auditLogQueryString', () => {
  it('leaves out blank filters and makes the date range whole Lagos days, whatever the device’s zone', () => {
    expect(auditLogQueryString(EMPTY_AUDIT_FILTERS)).toBe('page=1&limit=50');
    const from = '2026-02-28T23:00:00.000Z';
    const to = '2026-03-05T22:59:59.999Z';
    expect(
      auditLogQueryString({
        actor: ' staff-admin ',
        action: 'user.suspend',
        targetId: 'user-1',
        from: '2026-03-01',
        to: '2026-03-05',
        page: 3,
      }),
    ).toBe(
      `actor=staff-admin&action=user.suspend&targetId=user-1&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&page=3&limit=50`,
    );
  });
});

describe('AuditLog', () => {
  it('shows time, actor, action, target, the change and the request id', async () => {
    stubApi({
      'GET /api/admin/audit-log?page=1&limit=50': () =>
        logPage([
          makeAuditEntry(),
          makeAuditEntry({
            id: 'a2',
            action: 'user.suspend',
            targetType: 'user',
            targetId: 'user-buyer',
            summary: { before: { suspended: false }, after: { suspended: true }, note: 'Chargeback fraud' },
            requestId: null,
          }),
        ]),
    });
    renderConsole(<AuditLog />, { path: '/app/admin/audit-log' });
    const [take, suspend] = (await screen.findAllByTestId('audit-entry')) as [HTMLElement, HTMLElement];
    expect(within(take).getByText('Sade Staff')).toBeInTheDocument();
    expect(within(take).getByText('Dispute taken')).toBeInTheDocument();
    expect(within(take).getByRole('link', { name: 'dispute-1' })).toHaveAttribute(
      'href',
      '/app/admin/disputes/dispute-1',
    );
    expect(within(take).getByText('status: OPEN → IN_REVIEW')).toBeInTheDocument();
    expect(within(take).getByText('req-123')).toBeInTheDocument();

    expect(within(suspend).getByText('User suspended')).toBeInTheDocument();
    expect(within(suspend).getByRole('link', { name: 'user-buyer' })).toHaveAttribute(
      'href',
      '/app/admin/users/user-buyer',
    );
    expect(within(suspend).getByText('suspended: false → true')).toBeInTheDocument();
    expect(within(suspend).getByText('“Chargeback fraud”')).toBeInTheDocument();
  });

  it('applies the filters as one query string and keeps them in the URL', async () => {
    const { calls } = stubApi({ 'GET /api/admin/audit-log?*': () => logPage([]) });
    const user = userEvent.setup();
    renderConsole(<AuditLog />, { path: '/app/admin/audit-log' });
    expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Actor id'), 'staff-admin');
    await user.selectOptions(screen.getByLabelText('Action'), 'dispute.decide');
    await user.type(screen.getByLabelText('Target id'), 'dispute-1');
    // Dates are typed dd/mm/yyyy (en-NG) whatever the browser's locale.
    const fromField = screen.getByLabelText('From (dd/mm/yyyy)');
    expect(fromField).toHaveAttribute('type', 'text');
    expect(fromField).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.type(fromField, '01/03/2026');
    await user.type(screen.getByLabelText('To (dd/mm/yyyy)'), '5/3/2026');
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const from = encodeURIComponent('2026-02-28T23:00:00.000Z');
    const to = encodeURIComponent('2026-03-05T22:59:59.999Z');
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        `/api/admin/audit-log?actor=staff-admin&action=dispute.decide&targetId=dispute-1&from=${from}&to=${to}&page=1&limit=50`,
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/app/admin/audit-log?actor=staff-admin&action=dispute.decide&targetId=dispute-1&from=2026-03-01&to=2026-03-05',
    );
    expect(screen.getByLabelText('Actor id')).toHaveValue('staff-admin');
    // The applied range is shown back as it is typed.
    expect(screen.getByLabelText('From (dd/mm/yyyy)')).toHaveValue('01/03/2026');
    expect(screen.getByLabelText('To (dd/mm/yyyy)')).toHaveValue('05/03/2026');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/audit-log?page=1&limit=50'));
    expect(screen.getByLabelText('Actor id')).toHaveValue('');
  });

  it('refuses a date that is not dd/mm/yyyy, or a range that ends before it starts, on its field', async () => {
    const { calls } = stubApi({ 'GET /api/admin/audit-log?*': () => logPage([]) });
    const user = userEvent.setup();
    renderConsole(<AuditLog />, { path: '/app/admin/audit-log' });
    expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument();
    const from = screen.getByLabelText('From (dd/mm/yyyy)');
    const to = screen.getByLabelText('To (dd/mm/yyyy)');

    await user.type(from, '03/31/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(from).toHaveAccessibleDescription('Enter the date as dd/mm/yyyy');
    expect(from).toHaveFocus();
    await user.clear(from);
    await user.type(from, '31/03/2026');
    expect(from).not.toHaveAccessibleDescription();

    await user.type(to, '01/03/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(to).toHaveAccessibleDescription("'To' cannot be before 'From'");
    expect(to).toHaveFocus();
    expect(calls).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/admin\/audit-log$/);
  });

  it('pages by hasMore', async () => {
    const { calls } = stubApi({
      'GET /api/admin/audit-log?page=1&limit=50': () => logPage([makeAuditEntry()], true),
      'GET /api/admin/audit-log?page=2&limit=50': () => logPage([makeAuditEntry({ id: 'a9' })]),
    });
    const user = userEvent.setup();
    renderConsole(<AuditLog />, { path: '/app/admin/audit-log' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/audit-log?page=2&limit=50'));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/admin/audit-log?page=2');
  });

  it("shows the server's error text", async () => {
    stubApi({
      'GET /api/admin/audit-log?page=1&limit=50': () =>
        fail(400, 'from must be an ISO date-time', 'VALIDATION_ERROR'),
    });
    renderConsole(<AuditLog />, { path: '/app/admin/audit-log' });
    expect(await screen.findByRole('alert')).toHaveTextContent('from must be an ISO date-time');
  });
});
