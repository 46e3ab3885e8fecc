import type { Socket } from 'socket.io-client';
import { CLIENT_EVENTS, SOCKET_CLIENT_OPTIONS } from '@escrow/shared/events';
import { api, getToken } from './api-client';

/** The live connection: the four states the indicator shows. */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'error';

export type SocketFactory = (token: string) => Socket;

type Handler = (payload: unknown) => void;

/**
 * socket.io-client (about 14 KB compressed) is not part of what a signed-in page needs before it can
 * show (docs/performance.md, Web): it is fetched once the app has put its listeners for server events
 * in place (app/live-events.tsx, mounted after the first screen), which calls
 * `loadLiveChannelLibrary()`. Until then a channel that is asked to open says 'connecting'; connecting
 * earlier would let an event pushed in between reach no listener.
 */
let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
export function loadLiveChannelLibrary(): void {
  openGate();
}

let loadedFactory: SocketFactory | null = null;
let loadingFactory: Promise<SocketFactory> | null = null;
const loadDefaultFactory = () =>
  (loadingFactory ??= import('socket.io-client').then(
    ({ io }) =>
      // Same origin, bearer token in the handshake, the shared timeout and reconnection settings.
      (loadedFactory = (token) =>
        io({
          ...SOCKET_CLIENT_OPTIONS,
          transports: [...SOCKET_CLIENT_OPTIONS.transports],
          auth: { token },
          autoConnect: false,
          // A new manager per session: a cached one would still carry the previous session's listeners.
          forceNew: true,
        })),
    (error: unknown) => {
      loadingFactory = null; // Reconnect may try again (e.g. back online)
      throw error;
    },
  ));

// Screens come and go on navigation; keeping the socket a moment avoids a reconnect per route change.
const RELEASE_GRACE_MS = 1_500;

export const GAVE_UP_WARNING =
  'Real-time connection failed after 3 attempts; continuing without live updates (use Reconnect to try again).';

/**
 * The one live channel of the app. Screens `acquire()` it while they are mounted (reference counted),
 * listen to server events with `on()`, and join transaction rooms with `joinTransactionRoom()`, which are
 * joined again after every reconnect. The client never announces status changes: the server does.
 */
export function createLiveChannel(factory?: SocketFactory) {
  let socket: Socket | null = null;
  let socketToken: string | null = null;
  let users = 0;
  let closeTimer: ReturnType<typeof setTimeout> | null = null;
  let waitingForLibrary = false;
  let state: ConnectionState = 'disconnected';
  const stateListeners = new Set<() => void>();
  const handlers = new Map<string, Set<Handler>>();
  const rooms = new Map<string, number>();

  function setState(next: ConnectionState) {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener();
  }

  function close() {
    if (socket) {
      socket.io.off();
      socket.off();
      socket.offAny();
      socket.disconnect();
      socket = null;
      socketToken = null;
    }
    // Also when there is no socket yet: it may have been 'connecting' while socket.io-client loaded.
    setState('disconnected');
  }

  function open() {
    const token = getToken();
    if (!token) return close();
    if (socket && socketToken === token) {
      if (!socket.connected && state !== 'connecting') reconnect();
      return;
    }
    const make = factory ?? loadedFactory;
    if (!make) {
      setState('connecting');
      if (!waitingForLibrary) {
        waitingForLibrary = true;
        void gate.then(() =>
          loadDefaultFactory().then(
            () => {
              waitingForLibrary = false;
              if (users > 0) open();
              else setState('disconnected');
            },
            () => {
              waitingForLibrary = false;
              setState('error');
            },
          ),
        );
      }
      return;
    }
    close();
    const next = make(token);
    socket = next;
    socketToken = token;
    next.on('connect', () => {
      setState('connected');
      for (const transactionId of rooms.keys())
        next.emit(CLIENT_EVENTS.joinTransactionRoom, { transactionId });
    });
    next.on('connect_error', () => setState('error'));
    next.on('disconnect', (reason: string) => {
      setState('disconnected');
      // The server closes a socket itself only when its session ended (signed out elsewhere, suspended,
      // password changed) or its token expired. Asking for the account now turns that into the usual
      // 401 sign-out at once, instead of at the next request some seconds later.
      if (reason === 'io server disconnect') void api('/auth/me').catch(() => undefined);
    });
    next.io.on('reconnect_attempt', () => setState('connecting'));
    next.io.on('reconnect_failed', () => {
      console.warn(GAVE_UP_WARNING);
      setState('disconnected');
    });
    next.onAny((event: string, payload: unknown) => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    });
    setState('connecting');
    next.connect();
  }

  /** Manual Reconnect: a fresh attempt cycle (3 tries again), or a new socket if the token changed. */
  function reconnect() {
    if (!socket || socketToken !== getToken()) return open();
    socket.disconnect();
    setState('connecting');
    socket.connect();
  }

  return {
    getState: () => state,
    /** Sends a client event (typing) when connected; answers whether it went out. */
    emit(event: string, payload: unknown): boolean {
      if (!socket?.connected) return false;
      socket.emit(event, payload);
      return true;
    },
    subscribe(listener: () => void) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    acquire() {
      users += 1;
      if (closeTimer) clearTimeout(closeTimer);
      closeTimer = null;
      open();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users > 0) return;
        closeTimer = setTimeout(() => {
          closeTimer = null;
          if (users === 0) close();
        }, RELEASE_GRACE_MS);
      };
    },
    reconnect,
    on(event: string, handler: Handler) {
      const set = handlers.get(event) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(event, set);
      return () => void set.delete(handler);
    },
    /** Joins `transaction:{id}` (the server checks membership) until the returned function is called. */
    joinTransactionRoom(transactionId: string) {
      const count = rooms.get(transactionId) ?? 0;
      rooms.set(transactionId, count + 1);
      if (count === 0 && socket?.connected) socket.emit(CLIENT_EVENTS.joinTransactionRoom, { transactionId });
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (rooms.get(transactionId) ?? 1) - 1;
        if (remaining > 0) return void rooms.set(transactionId, remaining);
        rooms.delete(transactionId);
        if (socket?.connected) socket.emit(CLIENT_EVENTS.leaveTransactionRoom, { transactionId });
      };
    },
  };
}

export type LiveChannel = ReturnType<typeof createLiveChannel>;

let channel: LiveChannel | null = null;

/** The app-wide channel, created on first use. */
export function liveChannel(): LiveChannel {
  channel ??= createLiveChannel();
  return channel;
}

/** Tests swap in a channel built on a fake socket. */
export function setLiveChannelForTests(next: LiveChannel | null) {
  channel = next;
}
