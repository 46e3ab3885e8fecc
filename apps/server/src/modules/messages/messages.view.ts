import { MESSAGE_TEXT, type Message } from '@escrow/shared/schemas/messages';
import type { MessageRow } from '../../db/schema/messages.ts';
import { translate, type Language } from '../../lib/i18n.ts';

/**
 * A message as `viewerId` sees it, in their `language`: deleted ones wiped, the off-platform warning for
 * the receiver only. A SYSTEM message's content is a message id with params, written in the reader's
 * language; what people wrote is shown as they wrote it.
 */
export function toMessageView(row: MessageRow, viewerId: string, language: Language = 'en'): Message {
  const deleted = row.deletedAt !== null;
  const content = row.messageType === 'SYSTEM' ? translate(language, row.content, row.params) : row.content;
  return {
    id: row.id,
    transactionId: row.transactionId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: deleted ? translate(language, MESSAGE_TEXT.deleted) : content,
    timestamp: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    messageType: row.messageType,
    attachments: deleted ? [] : row.attachments,
    deleted,
    warning:
      row.offPlatform && !deleted && row.receiverId === viewerId
        ? translate(language, MESSAGE_TEXT.offPlatformWarning)
        : null,
  };
}
