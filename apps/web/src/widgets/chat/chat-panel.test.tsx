import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@escrow/shared/schemas/messages';
import { setLiveChannelForTests } from '../../lib/socket';
import { fail, installFakeLiveChannel, ok, renderAt, stubApi } from '../../testing/render-at';
import { groupByDay, relativeTime } from './day-groups';
import { ChatPanel } from './chat-panel';

const TX = '0192f5a4-7d5e-7000-8000-0000000000aa';
const ME = 'user-me';
const OTHER = 'user-other';
const conversation: Conversation = {
  id: TX,
  transactionId: TX,
  participants: [ME, OTHER],
  participantDetails: [
    { userId: ME, name: 'Ada Obi', role: 'BUYER', lastSeen: null },
    { userId: OTHER, name: 'Bola Ade', role: 'SELLER', lastSeen: new Date().toISOString() },
  ],
  lastMessage: null,
  unreadCount: 1,
  transactionDetails: { description: 'Vintage camera', status: 'ACTIVE' },
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};
const message = (overrides: Partial<Message>): Message => ({
  id: 'm1',
  transactionId: TX,
  senderId: OTHER,
  receiverId: ME,
  content: 'Hello',
  timestamp: new Date().toISOString(),
  isRead: false,
  readAt: null,
  messageType: 'TEXT',
  attachments: [],
  deleted: false,
  warning: null,
  ...overrides,
});

afterEach(() => {
  setLiveChannelForTests(null);
});

describe('the chat panel', () => {
  it('marks what was received read, shows the warning, and keeps a failed send with Retry', async () => {
    installFakeLiveChannel('connected');
    // A small server: what it stores is what the next read answers.
    let attempts = 0;
    let read = false;
    const stored: Message[] = [];
    const api = stubApi({
      'GET /api/messages/conversations': () => ok({ conversations: [conversation] }),
      [`GET /api/messages/transactions/${TX}?limit=30`]: () =>
        ok({
          messages: [
            message({
              id: 's1',
              senderId: null,
              receiverId: null,
              messageType: 'SYSTEM',
              content: 'Buyer joined',
            }),
            message({
              isRead: read,
              warning: 'Never pay outside Amana: your money is only protected in escrow',
            }),
            ...stored,
          ],
          hasMore: false,
          conversation,
        }),
      [`PUT /api/messages/transactions/${TX}/read`]: () => {
        const updated = read ? 0 : 1;
        read = true;
        return ok({ updated });
      },
      'POST /api/messages': () => {
        attempts += 1;
        if (attempts === 1) return fail(503, 'Service unavailable', 'SERVICE_UNAVAILABLE');
        const sent = message({ id: 'm2', senderId: ME, receiverId: OTHER, content: 'Is it boxed?' });
        stored.push(sent);
        return ok({ message: sent });
      },
    });
    renderAt(<ChatPanel transactionId={TX} viewerId={ME} />, { path: '/app/messages' });
    expect(await screen.findByText('Buyer joined')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Never pay outside Amana');
    expect(screen.getByText(/Online/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));

    await userEvent.type(screen.getByLabelText('Message'), 'Is it boxed?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to send message. Please check your connection.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Failed to send')).toBeNull());
    expect(screen.getAllByText('Is it boxed?')).toHaveLength(1);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { transactionId: TX, content: 'Is it boxed?' },
      { transactionId: TX, content: 'Is it boxed?' },
    ]);
  });

  it('loads older messages when scrolled to the top, keeping what was read in view', async () => {
    installFakeLiveChannel('connected');
    const api = stubApi({
      'GET /api/messages/conversations': () => ok({ conversations: [conversation] }),
      [`GET /api/messages/transactions/${TX}?limit=30`]: () =>
        ok({
          messages: [message({ id: 'm5', content: 'Newest', isRead: true })],
          hasMore: true,
          conversation,
        }),
      [`GET /api/messages/transactions/${TX}?limit=30&before=m5`]: () =>
        ok({
          messages: [message({ id: 'm1', content: 'Oldest', isRead: true })],
          hasMore: false,
          conversation,
        }),
    });
    renderAt(<ChatPanel transactionId={TX} viewerId={ME} />, { path: '/app/messages' });
    expect(await screen.findByText('Newest')).toBeInTheDocument();
    expect(screen.queryByText('Oldest')).toBeNull();
    const scroller = screen.getByTestId('chat-scroller');
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Oldest')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('before=')).map((c) => c.path)).toEqual([
      `/api/messages/transactions/${TX}?limit=30&before=m5`,
    ]);
    // Everything is loaded: no more pages are asked for and the Load older control is gone.
    fireEvent.scroll(scroller);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('cannot send without the live connection, and says why', async () => {
    installFakeLiveChannel('disconnected');
    stubApi({
      'GET /api/messages/conversations': () => ok({ conversations: [conversation] }),
      [`GET /api/messages/transactions/${TX}?limit=30`]: () =>
        ok({ messages: [], hasMore: false, conversation }),
    });
    renderAt(<ChatPanel transactionId={TX} viewerId={ME} />, { path: '/app/messages' });
    await userEvent.type(await screen.findByLabelText('Message'), 'hi');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the live connection');
  });

  it('shows the other party typing, cleared after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = installFakeLiveChannel('connected');
    stubApi({
      'GET /api/messages/conversations': () => ok({ conversations: [conversation] }),
      [`GET /api/messages/transactions/${TX}?limit=30`]: () =>
        ok({ messages: [], hasMore: false, conversation }),
    });
    renderAt(<ChatPanel transactionId={TX} viewerId={ME} />, { path: '/app/messages' });
    await screen.findByLabelText('Message');
    act(() => live.emit('typing_start', { transactionId: TX, userId: OTHER }));
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Bola Ade is typing...');
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    vi.useRealTimers();
  });
});

describe('following the newest message', () => {
  // jsdom lays nothing out: the message area says how tall its content is, and what it observes is
  // called when a test says the content grew (an incoming image finishing loading).
  let contentHeight = 0;
  const resized: (() => void)[] = [];
  beforeEach(() => {
    contentHeight = 1000;
    resized.length = 0;
    const size = (value: () => number) => ({
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.testid === 'chat-scroller' ? value() : 0;
      },
    });
    Object.defineProperty(
      HTMLElement.prototype,
      'scrollHeight',
      size(() => contentHeight),
    );
    // About what a 375 px phone shows.
    Object.defineProperty(
      HTMLElement.prototype,
      'clientHeight',
      size(() => 330),
    );
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          resized.push(() => this.callback());
        }
        disconnect() {
          resized.length = 0;
        }
      },
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });

  it('opens at the newest message, stays there as an image loads, and leaves a reader who scrolled up alone', async () => {
    installFakeLiveChannel('connected');
    stubApi({
      'GET /api/messages/conversations': () => ok({ conversations: [conversation] }),
      [`GET /api/messages/transactions/${TX}?limit=30`]: () =>
        ok({
          messages: [
            message({ id: 'm1', content: 'Older', isRead: true }),
            message({ id: 'm2', content: 'Here is the crack', isRead: true }),
          ],
          hasMore: false,
          conversation,
        }),
    });
    renderAt(<ChatPanel transactionId={TX} viewerId={ME} />, { path: '/app/messages' });
    await screen.findByText('Here is the crack');
    const scroller = screen.getByTestId('chat-scroller');
    await waitFor(() => expect(scroller.scrollTop).toBe(1000));
    // A keyboard reaches the message area to scroll it (axe scrollable-region-focusable).
    expect(screen.getByRole('log', { name: 'Messages' })).toBe(scroller);
    for (let presses = 0; presses < 10 && document.activeElement !== scroller; presses += 1)
      await userEvent.tab();
    expect(scroller).toHaveFocus();

    // The image under the newest message finishes loading: the content grows by its height.
    contentHeight = 1240;
    act(() => resized.forEach((notify) => notify()));
    expect(scroller.scrollTop).toBe(1240);

    // Scrolled up to read: growth no longer moves the view.
    scroller.scrollTop = 400;
    fireEvent.scroll(scroller);
    contentHeight = 1500;
    act(() => resized.forEach((notify) => notify()));
    expect(scroller.scrollTop).toBe(400);
  });
});

describe('message times', () => {
  it('an unparseable time reads Just now and such messages are hidden from the day groups', () => {
    expect(relativeTime('not a date')).toBe('Just now');
    const now = new Date('2026-11-24T12:00:00Z');
    const groups = groupByDay(
      [
        message({ id: 'a', timestamp: '2026-11-23T10:00:00Z' }),
        message({ id: 'b', timestamp: 'garbage' }),
        message({ id: 'c', timestamp: '2026-11-24T09:00:00Z' }),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.messages.map((m) => m.id)])).toEqual([
      ['Yesterday', ['a']],
      ['Today', ['c']],
    ]);
  });
});
