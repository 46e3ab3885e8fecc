/**
 * Socket event names (docs/architecture.md "Real time"). The server, not the client, announces status
 * changes after commit; client-sent status updates are ignored.
 */
import type { TransactionStatus } from './domain/transaction-machine.ts';
import type { Transaction } from './schemas/transaction-shapes.ts';
import type { Message } from './schemas/messages.ts';

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinUserRoom: 'join_user_room',
  joinTransactionRoom: 'join_transaction_room',
  leaveTransactionRoom: 'leave_transaction_room',
  /** Sent by older clients after a change; the server ignores it (it announces changes itself). */
  transactionStatusUpdate: 'transaction:status_update',
  transactionCreated: 'transaction:created',
  sendMessage: 'send_message',
  markMessageRead: 'mark_message_read',
  typingStart: 'typing_start',
  typingStop: 'typing_stop',
} as const;

/**
 * Events the server emits, and only those (each is added here by the feature
 * that emits it: messaging adds new_message, message_read and typing, and so on).
 */
export const SERVER_EVENTS = {
  transactionUpdated: 'transaction:updated',
  transactionCreated: 'transaction:created',
  notification: 'notification',
  /** The typed twins of `notification`, one per notification type; same payload. */
  transactionUpdate: 'transaction_update',
  paymentUpdate: 'payment_update',
  messageNotification: 'message_notification',
  shippingUpdate: 'shipping_update',
  systemNotification: 'system_notification',
  /** To both parties' user rooms: `{ transactionId, message }` as each of them sees it. */
  newMessage: 'new_message',
  /** To the sender: `{ messageId, transactionId }`; to the reader's other tabs: `{ transactionId, count }`. */
  messageRead: 'message_read',
  /** To the other party: `{ transactionId, userId }` (the user id from the token, never the client). */
  typingStart: 'typing_start',
  typingStop: 'typing_stop',
  /** A dispute changed (message, evidence, proposal, decision, status): refetch it. No content travels. */
  disputeUpdated: 'dispute:updated',
  error: 'error',
} as const;

/** Rooms: every socket joins its user room; transaction rooms only after a membership check. */
export const userRoom = (userId: string) => `user:${userId}`;
export const transactionRoom = (transactionId: string) => `transaction:${transactionId}`;
/** Every SUPPORT and ADMIN socket joins this room on connect (the console's queue refreshes live). */
export const STAFF_ROOM = 'staff';

/** `dispute:updated`: to both parties' user rooms and the staff room (internal notes: staff only). */
export type DisputeUpdatedPayload = { disputeId: string; transactionId: string; status: string };

export type TransactionRoomPayload = { transactionId: string };

/** `transaction:updated`: the transaction as the receiving user sees it (viewerRole is theirs). */
export type TransactionUpdatedPayload = {
  transactionId: string;
  status: TransactionStatus;
  transaction: Transaction;
};

/** `transaction:created`: sent to the creator's user room (other tabs and devices). */
export type TransactionCreatedPayload = { transactionId: string; transaction: Transaction };

/** `notification`: a notification row was written for this user. */
export type NotificationPayload = {
  id: string;
  title: string;
  message: string;
  type: string;
  priority: string;
  transactionId: string | null;
};

export type NewMessagePayload = { transactionId: string; message: Message };
export type TypingPayload = { transactionId: string; userId: string };

/** `error`: a refused client request, e.g. joining a transaction room without being a member. */
export type SocketErrorPayload = { event: string; message: string; code: string };

/** Client options: timeout 15 s, 3 reconnection attempts, 2 s delay up to 10 s. */
export const SOCKET_CLIENT_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket'],
  timeout: 15_000,
  reconnectionAttempts: 3,
  reconnectionDelay: 2_000,
  reconnectionDelayMax: 10_000,
} as const;
