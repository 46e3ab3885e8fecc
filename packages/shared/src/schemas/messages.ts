import { z } from 'zod';
import { msg } from '../i18n/msg.ts';

/**
 * Messaging between the two parties of a transaction (docs/architecture.md "Messaging and notifications"):
 * one conversation per transaction, opened when the counterparty joins.
 */
export const MESSAGE_MAX = 2000;
export const MESSAGE_ATTACHMENTS_MAX = 10;
export const MESSAGE_TYPES = ['TEXT', 'FILE', 'SYSTEM'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** A contact is online if seen within 5 minutes. */
export const ONLINE_WITHIN_MS = 5 * 60_000;
export const TYPING_CLEARS_AFTER_MS = 3000;

export const MESSAGE_TEXT = {
  empty: msg('Message cannot be empty'),
  /** MESSAGE_MAX written out (english-messages.test.ts checks it). */
  tooLong: msg('Message must be at most 2000 characters'),
  deleted: msg('This message was deleted'),
  offPlatformWarning: msg('Never pay outside Amana: your money is only protected in escrow'),
  sentFile: (filename: string) => `Sent: ${filename}`,
  sentFileMessage: msg('Sent: {filename}'),
  notFound: msg('Conversation not found'),
  messageNotFound: msg('Message not found'),
  noConversationYet: msg('The conversation opens when the other party joins the transaction'),
  onlyOwnDelete: msg('You can only delete your own messages'),
  attachment: msg('Attachments must be chat files you uploaded for this transaction'),
  failedToSend: msg('Failed to send'),
  /** The toast when a send fails (the message stays, marked 'Failed to send'). */
  sendFailedToast: msg('Failed to send message. Please check your connection.'),
  loginToView: msg('Please log in to view messages'),
} as const;

/**
 * A message that gives a bank account number (10 digits, NUBAN) or asks to pay outside escrow: the
 * receiver sees it with the warning banner. Deliberately broad: a false alarm costs a banner.
 */
export function looksOffPlatform(content: string): boolean {
  const digits = content.replace(/[\s-]/g, '');
  if (/(^|\D)\d{10}(\D|$)/.test(digits)) return true;
  return /\b(pay|send|transfer)\b[^.?!]{0,40}\b(outside|directly|direct|my (bank|account|acct)|off[- ]?(platform|app|escrow))\b/i.test(
    content,
  );
}

const messageContent = z
  .string({ error: MESSAGE_TEXT.empty })
  .trim()
  .min(1, MESSAGE_TEXT.empty)
  .max(MESSAGE_MAX, MESSAGE_TEXT.tooLong)
  // NUL cannot be stored in PostgreSQL text; refused rather than silently changed.
  .refine((v) => !v.includes('\u0000'), msg('Message contains an invalid character'));

export const sendMessageSchema = z.object({
  transactionId: z.uuid(msg('Unknown transaction')),
  content: messageContent,
  attachmentIds: z
    .array(z.uuid(MESSAGE_TEXT.attachment))
    .max(MESSAGE_ATTACHMENTS_MAX, msg('At most 10 attachments per message'))
    .optional(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const messagePageQuerySchema = z.object({
  before: z.uuid('before must be a message id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const messageSearchQuerySchema = z.object({
  q: z.string().trim().min(2, msg('Search needs at least 2 characters')).max(100),
  transactionId: z.uuid(msg('Unknown transaction')).optional(),
  type: z.enum(MESSAGE_TYPES, { error: 'type must be TEXT, FILE or SYSTEM' }).optional(),
  hasFiles: z.enum(['true', 'false']).optional(),
  since: z.iso.datetime({ error: 'since must be an ISO date-time' }).optional(),
});

export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  fileUrl: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
/** POST /messages/upload: the chat file, ready to send with a message. */
export const messageUploadAnswerSchema = z.object({
  attachment: attachmentSchema.extend({ size: z.number().int() }),
});

export const messageSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  /** null for SYSTEM messages. */
  senderId: z.string().nullable(),
  receiverId: z.string().nullable(),
  content: z.string(),
  timestamp: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  messageType: z.enum(MESSAGE_TYPES),
  attachments: z.array(attachmentSchema),
  deleted: z.boolean(),
  /** For the receiver: this message gives an account number or asks to pay outside escrow. */
  warning: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const participantSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(['BUYER', 'SELLER']),
  lastSeen: z.string().nullable(),
});

export const conversationSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  participants: z.array(z.string()),
  participantDetails: z.array(participantSchema),
  lastMessage: z.object({ content: z.string(), timestamp: z.string() }).nullable(),
  unreadCount: z.number().int(),
  transactionDetails: z.object({ description: z.string(), status: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSchema) });
export const messageListSchema = z.object({
  messages: z.array(messageSchema),
  /** Older messages exist before the first one (load more with before=first id). */
  hasMore: z.boolean(),
  conversation: conversationSchema,
});
export const messageAnswerSchema = z.object({ message: messageSchema });
export const messageSearchSchema = z.object({
  results: z.array(messageSchema.extend({ transactionDescription: z.string() })),
});
/** GET /admin/disputes/{id}/chat: the disputed transaction's chat as staff read it. */
export const staffChatSchema = z.object({
  messages: z.array(messageSchema.extend({ senderName: z.string().nullable() })),
});

export const messageStatsSchema = z.object({
  totalConversations: z.number().int(),
  unreadMessages: z.number().int(),
  messagesSent: z.number().int(),
  messagesReceived: z.number().int(),
});
