import type { Socket } from 'socket.io-client';

type Listener = (...args: unknown[]) => void;

/** A stand-in for a socket.io client socket: tests drive its events and read what it emitted. */
export class FakeSocket {
  connected = false;
  connectCalls = 0;
  emitted: { event: string; payload: unknown }[] = [];
  private listeners = new Map<string, Set<Listener>>();
  private anyListeners = new Set<Listener>();
  private managerListeners = new Map<string, Set<Listener>>();

  readonly io = {
    on: (event: string, listener: Listener) => {
      const set = this.managerListeners.get(event) ?? new Set();
      set.add(listener);
      this.managerListeners.set(event, set);
      return this.io;
    },
    off: () => {
      this.managerListeners.clear();
      return this.io;
    },
  };

  constructor(readonly token: string) {}

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }
  off() {
    this.listeners.clear();
    return this;
  }
  onAny(listener: Listener) {
    this.anyListeners.add(listener);
    return this;
  }
  offAny() {
    this.anyListeners.clear();
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }
  connect() {
    this.connectCalls += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }

  /** Server side of the fake: */
  serverConnects() {
    this.connected = true;
    this.listeners.get('connect')?.forEach((l) => l());
  }
  serverRefuses() {
    this.listeners.get('connect_error')?.forEach((l) => l(new Error('refused')));
  }
  managerEvent(event: string, ...args: unknown[]) {
    this.managerListeners.get(event)?.forEach((l) => l(...args));
  }
  serverDrops() {
    this.connected = false;
    this.listeners.get('disconnect')?.forEach((l) => l('transport close'));
  }
  /** The server closed this socket on purpose (its session ended or its token expired). */
  serverCloses() {
    this.connected = false;
    this.listeners.get('disconnect')?.forEach((l) => l('io server disconnect'));
  }

  serverSends(event: string, payload: unknown) {
    this.anyListeners.forEach((l) => l(event, payload));
  }

  asSocket() {
    return this as unknown as Socket;
  }
}
