import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { STAFF_ROOM, transactionRoom, userRoom } from '@escrow/shared/events';
import type { Language } from '@escrow/shared/i18n/languages';

export type SocketData = {
  userId: string;
  role: 'USER' | 'SUPPORT' | 'ADMIN';
  sessionId: string;
  /** The session used a second factor: with STAFF_TWO_FACTOR=required, staff join the staff room only then. */
  twoFactorVerified: boolean;
  /** When the token stops being valid: the socket is closed then (plugins/socket.ts). */
  expiresAtMs: number;
  /**
   * The language the socket's answers are written in: the user's saved one, else the handshake's
   * Accept-Language, else English (docs/languages.md).
   */
  language: Language;
};

/** Every socket joins the room of the session its token names, so ending the session ends its sockets. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export type AppSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type AppSocketServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/**
 * What modules may do with the live channel: emit to a user's room or a transaction's room. Modules
 * receive this hub as a dependency; the socket plugin attaches the socket.io server to it. Until then
 * (or if the socket server failed to start) emits are no-ops: the live channel is best-effort, the
 * database is the truth.
 */
export type Realtime = {
  toUser: (userId: string, event: string, payload: unknown) => void;
  /** To sockets in a transaction room that are not in one of the listed users' rooms. */
  toTransactionRoomExcept: (
    transactionId: string,
    exceptUserIds: string[],
    event: string,
    payload: unknown,
  ) => void;
  /** Ends every socket of the user, on every instance (suspension). */
  disconnectUser: (userId: string) => void;
  /** Ends the sockets of these sessions, on every instance (logout, password change or reset). */
  disconnectSessions: (sessionIds: string[]) => void;
  /** To every connected SUPPORT and ADMIN socket. */
  toStaff: (event: string, payload: unknown) => void;
  /** Lets modules (messaging) add handlers to every authenticated socket. */
  onConnection: (handler: (socket: AppSocket) => void) => void;
};

export type RealtimeHub = Realtime & {
  attach: (io: AppSocketServer) => void;
  /** The live channel's Redis link (readiness): 'off' without REDIS_URL. */
  redisState: () => 'up' | 'down' | 'off';
  setRedisState: (probe: () => 'up' | 'down') => void;
  io: () => AppSocketServer | null;
  connectionHandlers: () => readonly ((socket: AppSocket) => void)[];
};

export function createRealtimeHub(): RealtimeHub {
  let server: AppSocketServer | null = null;
  const handlers: ((socket: AppSocket) => void)[] = [];
  let redisProbe: (() => 'up' | 'down') | null = null;
  return {
    redisState: () => (redisProbe ? redisProbe() : 'off'),
    setRedisState: (probe) => {
      redisProbe = probe;
    },
    attach: (io) => {
      server = io;
    },
    io: () => server,
    connectionHandlers: () => handlers,
    toUser: (userId, event, payload) => {
      server?.to(userRoom(userId)).emit(event, payload);
    },
    toTransactionRoomExcept: (transactionId, exceptUserIds, event, payload) => {
      server?.to(transactionRoom(transactionId)).except(exceptUserIds.map(userRoom)).emit(event, payload);
    },
    disconnectUser: (userId) => {
      server?.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSessions: (sessionIds) => {
      if (server && sessionIds.length) server.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    toStaff: (event, payload) => {
      server?.to(STAFF_ROOM).emit(event, payload);
    },
    onConnection: (handler) => {
      handlers.push(handler);
    },
  };
}
