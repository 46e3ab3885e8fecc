import { MESSAGE_TEXT, type Message } from '@escrow/shared/schemas/messages';
import type { MessageRow } from '../../db/schema/messages.ts';

/** A message as `viewerId` sees it: deleted ones wiped, the off-platform warning for the receiver only. */
export function toMessageView(row: MessageRow, viewerId: string): Message {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    transactionId: row.transactionId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: deleted ? MESSAGE_TEXT.deleted : row.content,
    timestamp: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    messageType: row.messageType,
    attachments: deleted ? [] : row.attachments,
    deleted,
    warning:
      row.offPlatform && !deleted && row.receiverId === viewerId ? MESSAGE_TEXT.offPlatformWarning : null,
  };
}
