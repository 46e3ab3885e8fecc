import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../testing/fake-socket';
import { createLiveChannel, GAVE_UP_WARNING } from './socket';

let sockets: FakeSocket[];
const factory = (token: string) => {
  const socket = new FakeSocket(token);
  sockets.push(socket);
  return socket.asSocket();
};

// The channel's own socket.io-client, which it loads on first use (the last tests use it, each with
// a fresh copy of the module, which has not loaded it yet).
vi.mock('socket.io-client', () => ({
  io: (options: { auth: { token: string } }) => factory(options.auth.token),
}));
const freshSocketModule = async () => {
  vi.resetModules();
  return import('./socket');
};

beforeEach(() => {
  sockets = [];
  localStorage.setItem('authToken', 'token-1');
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('live channel', () => {
  it('connects with the stored token while acquired and reports the states', () => {
    const channel = createLiveChannel(factory);
    const seen: string[] = [];
    channel.subscribe(() => seen.push(channel.getState()));
    const release = channel.acquire();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.token).toBe('token-1');
    expect(channel.getState()).toBe('connecting');
    sockets[0]!.serverConnects();
    expect(channel.getState()).toBe('connected');
    sockets[0]!.serverDrops();
    expect(channel.getState()).toBe('disconnected');
    sockets[0]!.managerEvent('reconnect_attempt', 1);
    expect(channel.getState()).toBe('connecting');
    sockets[0]!.serverRefuses();
    expect(channel.getState()).toBe('error');
    expect(seen).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'error']);
    release();
  });

  it('logs a warning after the attempts give up, and Reconnect starts again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const channel = createLiveChannel(factory);
    channel.acquire();
    sockets[0]!.managerEvent('reconnect_failed');
    expect(warn).toHaveBeenCalledWith(GAVE_UP_WARNING);
    expect(channel.getState()).toBe('disconnected');
    channel.reconnect();
    expect(channel.getState()).toBe('connecting');
    expect(sockets[0]!.connectCalls).toBe(2);
    warn.mockRestore();
  });

  it('joins transaction rooms on connect and again after a reconnect, and leaves them', () => {
    const channel = createLiveChannel(factory);
    channel.acquire();
    const leave = channel.joinTransactionRoom('tx-1');
    const socket = sockets[0]!;
    expect(socket.emitted).toEqual([]);
    socket.serverConnects();
    expect(socket.emitted).toEqual([{ event: 'join_transaction_room', payload: { transactionId: 'tx-1' } }]);
    socket.serverDrops();
    socket.serverConnects();
    expect(socket.emitted.filter((e) => e.event === 'join_transaction_room')).toHaveLength(2);
    leave();
    expect(socket.emitted.at(-1)).toEqual({
      event: 'leave_transaction_room',
      payload: { transactionId: 'tx-1' },
    });
    // The client never announces status changes.
    expect(socket.emitted.some((e) => e.event.startsWith('transaction:'))).toBe(false);
  });

  it('delivers server events to listeners until they unsubscribe', () => {
    const channel = createLiveChannel(factory);
    channel.acquire();
    const heard: unknown[] = [];
    const off = channel.on('transaction:updated', (payload) => heard.push(payload));
    sockets[0]!.serverSends('transaction:updated', { transactionId: 'a' });
    sockets[0]!.serverSends('other', { transactionId: 'b' });
    off();
    sockets[0]!.serverSends('transaction:updated', { transactionId: 'c' });
    expect(heard).toEqual([{ transactionId: 'a' }]);
  });

  it('closes shortly after the last screen lets go, keeps the socket across a quick route change', () => {
    const channel = createLiveChannel(factory);
    const release = channel.acquire();
    sockets[0]!.serverConnects();
    release();
    const again = channel.acquire();
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(1);
    expect(channel.getState()).toBe('connected');
    again();
    vi.advanceTimersByTime(5_000);
    expect(channel.getState()).toBe('disconnected');
    expect(sockets[0]!.connected).toBe(false);
  });

  it('opens a new socket when the signed-in user changed, and none without a token', () => {
    const channel = createLiveChannel(factory);
    const release = channel.acquire();
    localStorage.setItem('authToken', 'token-2');
    channel.reconnect();
    expect(sockets.map((s) => s.token)).toEqual(['token-1', 'token-2']);
    release();
    vi.advanceTimersByTime(5_000);
    localStorage.removeItem('authToken');
    channel.acquire();
    expect(sockets).toHaveLength(2);
    expect(channel.getState()).toBe('disconnected');
  });

  it('asks for the account when the server closes the socket, so an ended session signs out at once', () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const channel = createLiveChannel(factory);
    channel.acquire();
    sockets[0]!.serverConnects();
    sockets[0]!.serverDrops();
    expect(fetchMock).not.toHaveBeenCalled();
    sockets[0]!.serverCloses();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/auth\/me$/);
  });
  it('loads socket.io-client once the app has its listeners in place, and then connects', async () => {
    const live = await freshSocketModule();
    const channel = live.createLiveChannel();
    const release = channel.acquire();
    // Not before the app says its listeners are in place: the indicator says connecting, no socket.
    expect(channel.getState()).toBe('connecting');
    await vi.dynamicImportSettled();
    expect(sockets).toHaveLength(0);
    live.loadLiveChannelLibrary();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.token).toBe('token-1');
    expect(sockets[0]!.connectCalls).toBe(1);
    sockets[0]!.serverConnects();
    expect(channel.getState()).toBe('connected');
    release();
    vi.advanceTimersByTime(2_000);
    expect(channel.getState()).toBe('disconnected');
  });

  it('does not connect if every screen let go while socket.io-client was loading', async () => {
    const live = await freshSocketModule();
    const channel = live.createLiveChannel();
    channel.acquire()();
    live.loadLiveChannelLibrary();
    vi.advanceTimersByTime(2_000);
    await vi.dynamicImportSettled();
    expect(sockets).toHaveLength(0);
    expect(channel.getState()).toBe('disconnected');
  });
});
