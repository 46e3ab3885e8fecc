import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveChannelForTests } from '../../../lib/socket';
import {
  fail,
  installFakeLiveChannel,
  makeQueueItem,
  ok,
  renderConsole,
  stubApi,
} from '../testing/admin-test-utils';
import { DisputeQueue } from './dispute-queue';

const page = (disputes: unknown[], hasMore = false, pageNumber = 1) =>
  ok({ disputes, page: pageNumber, limit: 20, hasMore });

let live: ReturnType<typeof installFakeLiveChannel>;
beforeEach(() => {
  live = installFakeLiveChannel();
});
afterEach(() => {
  setLiveChannelForTests(null);
});

const renderQueue = (path = '/app/admin/disputes') =>
  renderConsole(<DisputeQueue />, { path, pattern: '/app/admin/disputes' });

describe('DisputeQueue', () => {
  it('shows each dispute with its amount, parties, age, SLA clock, assignee and flags', async () => {
    // Made before the screen reads its clock, as the server's answer always is.
    const disputes = [
      makeQueueItem(),
      makeQueueItem({
        id: 'dispute-2',
        reason: 'Wrong colour',
        status: 'IN_REVIEW',
        slaBreached: true,
        slaDueAt: new Date(Date.now() - 3_600_000).toISOString(),
        createdAt: new Date(Date.now() - 49 * 3_600_000).toISOString(),
        partySuspended: true,
        assignedTo: { id: 'staff-2', firstName: 'Tunde', lastName: 'Support' },
      }),
    ];
    stubApi({ 'GET /api/admin/disputes?page=1&limit=20': () => page(disputes) });
    renderQueue();

    const items = await screen.findAllByTestId('queue-item');
    const [fresh, late] = items as [HTMLElement, HTMLElement];
    expect(within(fresh).getByRole('link', { name: 'Item never arrived' })).toHaveAttribute(
      'href',
      '/app/admin/disputes/dispute-1',
    );
    expect(within(fresh).getByText('₦10,000.00')).toBeInTheDocument();
    expect(within(fresh).getByText(/Ada Obi/)).toHaveTextContent('Ada Obi against Bola Ade');
    expect(within(fresh).getByText('Delivery problem · iPhone 15 Pro')).toBeInTheDocument();
    expect(within(fresh).getByText('5 h')).toBeInTheDocument();
    expect(within(fresh).getByText(/^SLA due in 1 day (18|19) hours$/)).toHaveAttribute(
      'data-sla',
      'running',
    );
    expect(within(fresh).getByText('Unassigned')).toBeInTheDocument();
    expect(within(fresh).queryByText('Suspended party')).not.toBeInTheDocument();
    expect(
      within(fresh).getByRole('button', { name: 'Take dispute: Item never arrived' }),
    ).toBeInTheDocument();

    const breach = within(late).getByText('SLA breached');
    expect(breach).toHaveAttribute('data-sla', 'breached');
    expect(breach).toHaveClass('text-red-800');
    expect(late).toHaveClass('border-red-300');
    expect(within(late).getByText('Suspended party')).toBeInTheDocument();
    expect(within(late).getByText('Tunde Support')).toBeInTheDocument();
    expect(within(late).getByText('2 d 1 h')).toBeInTheDocument();
    // Already assigned: no Take, only Open.
    expect(within(late).queryByRole('button', { name: /Take/ })).not.toBeInTheDocument();
  });

  it('builds the query string from the filters and keeps them in the URL', async () => {
    const { calls } = stubApi({ 'GET /api/admin/disputes?*': () => page([]) });
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByText('No disputes in the queue.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'IN_REVIEW');
    await user.selectOptions(screen.getByLabelText('Priority'), 'URGENT');
    await user.selectOptions(screen.getByLabelText('Age'), 'Older than 48 h');
    await user.click(screen.getByLabelText('Assigned to me'));

    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        '/api/admin/disputes?status=IN_REVIEW&priority=URGENT&assignedToMe=true&olderThanHours=48&page=1&limit=20',
      ),
    );
    expect(calls.map((c) => c.path)).toContain('/api/admin/disputes?status=IN_REVIEW&page=1&limit=20');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/app/admin/disputes?status=IN_REVIEW&priority=URGENT&age=48&mine=1',
    );
    expect(await screen.findByText('No disputes match these filters.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Age'), 'Older than 24 h');
    await waitFor(() => expect(calls.at(-1)?.path).toContain('olderThanHours=24'));
  });

  it('pages with Previous and Next as long as the server has more', async () => {
    const { calls } = stubApi({
      'GET /api/admin/disputes?page=1&limit=20': () => page([makeQueueItem()], true),
      'GET /api/admin/disputes?page=2&limit=20': () =>
        page([makeQueueItem({ id: 'dispute-9', reason: 'Late again' })], false, 2),
    });
    const user = userEvent.setup();
    renderQueue();
    const nav = await screen.findByRole('navigation', { name: 'Dispute queue pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Late again' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.at(-1)?.path).toBe('/api/admin/disputes?page=2&limit=20');
  });

  it('takes a dispute and opens its workspace', async () => {
    const { calls } = stubApi({
      'GET /api/admin/disputes?page=1&limit=20': () => page([makeQueueItem()]),
      'POST /api/admin/disputes/dispute-1/take': () => ok({ dispute: {} }),
    });
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Take dispute: Item never arrived' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/app/admin/disputes/dispute-1'),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/disputes/dispute-1/take',
    ]);
  });

  it("shows the server's refusal when someone else took it first", async () => {
    stubApi({
      'GET /api/admin/disputes?page=1&limit=20': () => page([makeQueueItem()]),
      'POST /api/admin/disputes/dispute-1/take': () =>
        fail(409, 'This dispute is already assigned', 'DISPUTE_ALREADY_ASSIGNED'),
    });
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Take dispute: Item never arrived' }));
    expect(await screen.findByText('This dispute is already assigned')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/admin\/disputes$/);
  });

  it('refetches when the staff room hears dispute:updated', async () => {
    let answers = 0;
    const { calls } = stubApi({
      'GET /api/admin/disputes?page=1&limit=20': () => {
        answers += 1;
        return page([makeQueueItem({ status: answers > 1 ? 'RESOLVED' : 'OPEN' })]);
      },
    });
    renderQueue();
    const status = async () =>
      (await screen.findByTestId('queue-item')).querySelector('[data-status]')?.getAttribute('data-status');
    expect(await status()).toBe('OPEN');
    expect(screen.getByText('Live: the queue updates as disputes change.')).toBeInTheDocument();
    act(() =>
      live.emit('dispute:updated', { disputeId: 'dispute-1', transactionId: 'tx-1', status: 'RESOLVED' }),
    );
    await waitFor(async () => expect(await status()).toBe('RESOLVED'));
    expect(calls).toHaveLength(2);
  });

  it('offers Refresh and says live updates are paused when the socket is down', async () => {
    installFakeLiveChannel('disconnected');
    const { calls } = stubApi({ 'GET /api/admin/disputes?page=1&limit=20': () => page([]) });
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByText('Live updates are paused; refresh to see changes.')).toBeInTheDocument();
    await screen.findByText('No disputes in the queue.');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it("shows the server's error text when the queue fails to load", async () => {
    stubApi({
      'GET /api/admin/disputes?page=1&limit=20': () =>
        fail(403, 'Only support staff can do this', 'FORBIDDEN'),
    });
    renderQueue();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only support staff can do this');
  });
});
