import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@escrow/shared/schemas/notifications';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@escrow/shared/domain/notifications';
import { useConversationOpen } from '../../../lib/open-conversations';
import { setLiveChannelForTests } from '../../../lib/socket';
import { installFakeLiveChannel, ok, renderAt, stubApi } from '../../../testing/render-at';
import { NotificationLiveEvents } from './notification-live-events';
import { NotificationMenu } from './notification-menu';
import { NotificationsPage } from './notifications-page';

const note = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `n${n}`,
  userId: 'me',
  transactionId: `tx-${n}`,
  type: 'TRANSACTION_UPDATE',
  title: `Update ${n}`,
  message: `Something happened to transaction ${n}`,
  isRead: false,
  priority: 'MEDIUM',
  metadata: {},
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...overrides,
});

let live: ReturnType<typeof installFakeLiveChannel>;
beforeEach(() => {
  live = installFakeLiveChannel();
});
afterEach(() => {
  setLiveChannelForTests(null);
});

describe('the notifications page', () => {
  it('marks everything read on opening, filters, links each card, deletes one and clears all', async () => {
    const page = (items: Notification[], unread = 0) =>
      ok({ notifications: items, total: items.length, hasMore: false, unreadCount: unread });
    const api = stubApi({
      'PUT /api/notifications/mark-all-read': () => ok({ updated: 2 }),
      'GET /api/notifications?filter=all&limit=20': () =>
        page([note(1, { metadata: { disputeId: 'd-9' }, type: 'DISPUTE' }), note(2, { isRead: true })]),
      'GET /api/notifications?filter=unread&limit=20': () => page([]),
      'DELETE /api/notifications/n2': () => ok({ deleted: true }),
      'DELETE /api/notifications': () => ok({ deleted: 1 }),
    });
    renderAt(<NotificationsPage />, { path: '/app/notifications' });
    const cards = await screen.findAllByTestId('notification-card');
    expect(cards).toHaveLength(2);
    expect(api.calls.some((c) => c.path === '/api/notifications/mark-all-read')).toBe(true);
    expect(within(cards[0]!).getByRole('link', { name: 'Open the dispute' })).toHaveAttribute(
      'href',
      '/app/disputes/d-9',
    );
    expect(within(cards[1]!).getByRole('link', { name: 'Open the transaction' })).toHaveAttribute(
      'href',
      '/app/transactions/tx-2',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete notification: Update 2' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications/n2')).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('No unread notifications.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await screen.findAllByTestId('notification-card');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all notifications?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications')).toBe(true),
    );
  });

  it('heads each card one level under the page’s h1, so headings do not skip a level', async () => {
    stubApi({
      'PUT /api/notifications/mark-all-read': () => ok({ updated: 0 }),
      'GET /api/notifications?filter=all&limit=20': () =>
        ok({ notifications: [note(1), note(2)], total: 2, hasMore: false, unreadCount: 0 }),
    });
    renderAt(<NotificationsPage />, { path: '/app/notifications' });
    await screen.findAllByTestId('notification-card');
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)))
      .filter((level, i, all) => i === 0 || level > all[i - 1]! + 1);
    expect(levels).toEqual([1]);
    expect(screen.getByRole('heading', { level: 2, name: /Update 1/ })).toBeInTheDocument();
  });

  it('Refresh says so; Settings toggles a category on the server', async () => {
    const api = stubApi({
      'PUT /api/notifications/mark-all-read': () => ok({ updated: 0 }),
      'GET /api/notifications?filter=all&limit=20': () =>
        ok({ notifications: [note(1)], total: 1, hasMore: false, unreadCount: 0 }),
      'GET /api/notifications/preferences': () => ok({ preferences: DEFAULT_NOTIFICATION_PREFERENCES }),
      'GET /api/auth/phone': () => ok({ phone: null, verifiedAt: null, pending: null }),
      'PUT /api/notifications/preferences': ({ body }) =>
        ok({ preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(body as object) } }),
    });
    renderAt(<NotificationsPage />, { path: '/app/notifications' });
    await screen.findAllByTestId('notification-card');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Notifications refreshed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const toggle = await screen.findByRole('switch', { name: 'Payment alerts' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Payment alerts' })).toHaveAttribute('aria-checked', 'false'),
    );
    expect(
      api.calls.find((c) => c.method === 'PUT' && c.path === '/api/notifications/preferences')?.body,
    ).toEqual({
      payment_alerts: false,
    });
    expect(await screen.findByText('Notification setting updated')).toBeInTheDocument();
  });
});

describe('live notifications', () => {
  it('toast by priority unless muted; disputes always; a browser notification while the tab is hidden', async () => {
    stubApi({
      'GET /api/notifications/preferences': () =>
        ok({ preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, payment_alerts: false } }),
    });
    const shown: { title: string; close: () => void }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(public title: string) {
        shown.push(this);
      }
      close = vi.fn();
    }
    vi.stubGlobal('Notification', FakeNotification);
    const view = renderAt(<NotificationLiveEvents />, { path: '/app/dashboard' });
    await waitFor(() => expect(view.queryClient.getQueryData(['notifications', 'preferences'])).toBeTruthy());

    act(() => live.emit('notification', note(1, { type: 'PAYMENT', title: 'Payment received' })));
    act(() =>
      live.emit('notification', note(2, { type: 'DISPUTE', title: 'Dispute raised', priority: 'URGENT' })),
    );
    expect(await screen.findByText('Dispute raised')).toBeInTheDocument();
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(shown).toHaveLength(0);

    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    try {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      act(() => live.emit('notification', note(3, { title: 'Buyer joined' })));
      expect(shown.map((n) => n.title)).toEqual(['Buyer joined']);
      expect(shown[0]!.close).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(5000));
      expect(shown[0]!.close).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    }
  });

  it('a new message in a conversation that is not open: the toast and a chime at volume 0.5; none while it is open', async () => {
    stubApi({
      'GET /api/notifications/preferences': () => ok({ preferences: DEFAULT_NOTIFICATION_PREFERENCES }),
      'PUT /api/notifications/n4/read': () => ok({ updated: 1 }),
    });
    const volumes: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createGain() {
        const gain = { gain: { value: 1 }, connect: () => {} };
        queueMicrotask(() => volumes.push(gain.gain.value));
        return gain;
      }
      createOscillator() {
        return { frequency: { value: 0 }, connect: () => {}, start: () => {}, stop: () => {} };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    function OpenChat() {
      useConversationOpen('tx-open');
      return null;
    }
    const view = renderAt(
      <>
        <NotificationLiveEvents />
        <OpenChat />
      </>,
      { path: '/app/dashboard' },
    );
    await waitFor(() => expect(view.queryClient.getQueryData(['notifications', 'preferences'])).toBeTruthy());

    act(() =>
      live.emit(
        'notification',
        note(4, { type: 'MESSAGE', transactionId: 'tx-open', message: 'Seen already' }),
      ),
    );
    act(() => live.emit('notification', note(5, { type: 'MESSAGE', message: 'Is it still available?' })));
    expect(await screen.findByText('New message from counterparty')).toBeInTheDocument();
    expect(screen.getByText('Is it still available?')).toBeInTheDocument();
    expect(screen.queryByText('Seen already')).toBeNull();
    await waitFor(() => expect(volumes).toEqual([0.5]));
  });

  it('a message that arrives while its chat is open is read at once: the bell does not count it', async () => {
    // The server's unread set: it stores a notification before pushing it.
    const unread = new Set<string>();
    const api = stubApi({
      'GET /api/notifications/preferences': () => ok({ preferences: DEFAULT_NOTIFICATION_PREFERENCES }),
      'GET /api/notifications/unread-count': () => ok({ unreadCount: unread.size }),
      'PUT /api/notifications/n6/read': () => {
        unread.delete('n6');
        return ok({ updated: 1 });
      },
    });
    function OpenChat() {
      useConversationOpen('tx-open');
      return null;
    }
    const view = renderAt(
      <>
        <NotificationLiveEvents />
        <NotificationMenu />
        <OpenChat />
      </>,
      { path: '/app/messages' },
    );
    await waitFor(() => expect(view.queryClient.getQueryData(['notifications', 'preferences'])).toBeTruthy());
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const countReads = () => api.calls.filter((c) => c.path === '/api/notifications/unread-count').length;
    const before = countReads();

    unread.add('n6');
    act(() => live.emit('notification', note(6, { type: 'MESSAGE', transactionId: 'tx-open' })));
    await waitFor(() => expect(countReads()).toBeGreaterThan(before));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      '/api/notifications/n6/read',
    ]);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();

    // A message in a conversation that is not open still counts.
    unread.add('n7');
    act(() => live.emit('notification', note(7, { type: 'MESSAGE', transactionId: 'tx-other' })));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
