import {
  looksOffPlatform,
  MESSAGE_TEXT,
  type Message,
  type SendMessageInput,
} from '@escrow/shared/schemas/messages';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type { Tx } from '../../db/client.ts';
import type { MessageRow } from '../../db/schema/messages.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../../lib/errors.ts';
import type { MessageParams } from '../../lib/i18n.ts';
import { savedLanguageOf } from '../auth/index.ts';
import { createNotification, pushNotification, type NotificationView } from '../notifications/index.ts';
import type { MessagesDeps } from './messages.deps.ts';
import * as repo from './messages.repository.ts';
import { toMessageView } from './messages.view.ts';

const PREVIEW = 50;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

/** Sends a message from `userId` (REST and socket alike); the receiver gets it live and a notification. */
export async function sendMessage(
  deps: MessagesDeps,
  userId: string,
  input: SendMessageInput,
): Promise<Message> {
  const content = input.content.trim();
  const { row, note } = await deps.db.transaction(async (tx) => {
    const member = await repo.membership(tx, input.transactionId, userId);
    if (!member.other) throw new AppError('CONFLICT', MESSAGE_TEXT.noConversationYet);
    const attachments = await repo.attachmentsFor(
      tx,
      input.attachmentIds ?? [],
      member.transactionId,
      userId,
    );
    const at = deps.clock.now();
    const row = await repo.insertMessage(tx, {
      transactionId: member.transactionId,
      senderId: userId,
      receiverId: member.other.id,
      content,
      messageType: attachments.length ? 'FILE' : 'TEXT',
      attachments,
      offPlatform: looksOffPlatform(content),
      at,
    });
    const names = await repo.namesOf(tx, [userId]);
    const senderName = names.get(userId)?.name;
    // The title is a message id; the preview is what the sender wrote, shown as written.
    const note = await createNotification(tx, {
      userId: member.other.id,
      transactionId: member.transactionId,
      type: 'MESSAGE',
      priority: 'MEDIUM',
      title:
        senderName === undefined ? msg('New message from the other party') : msg('New message from {name}'),
      message: preview(content),
      ...(senderName === undefined ? {} : { params: { name: senderName } }),
      metadata: { counterpartyName: names.get(userId)?.name ?? '', actionRequired: false, messageId: row.id },
    });
    return { row, note };
  });
  announce(deps, row, note);
  return toMessageView(row, userId);
}

/**
 * After commit: `new_message` to both parties' user rooms (the sender's other tabs too), then the
 * notification. A message with the off-platform warning, or a deleted one ('This message was
 * deleted'), is written in each reader's saved language.
 */
function announce(deps: MessagesDeps, row: MessageRow, note: NotificationView | null) {
  const send = async () => {
    for (const viewer of [row.receiverId, row.senderId])
      if (viewer) {
        const language =
          row.offPlatform || row.deletedAt !== null ? await savedLanguageOf(deps.db, viewer) : 'en';
        deps.realtime.toUser(viewer, SERVER_EVENTS.newMessage, {
          transactionId: row.transactionId,
          message: toMessageView(row, viewer, language),
        });
      }
    if (note) pushNotification(deps.realtime, note);
  };
  // Synchronous (no await happens) unless a reader's language must be looked up.
  send().catch((error: unknown) =>
    deps.log.error({ err: error, messageId: row.id }, 'could not announce a message'),
  );
}

/**
 * A SYSTEM message for a lifecycle step, in the step's own database transaction (no sender, no
 * receiver: nobody's unread count moves). It is not pushed: a conversation shows it when next loaded,
 * written in its reader's language (toMessageView).
 */
export async function postSystemMessage(
  tx: Tx,
  transactionId: string,
  content: string,
  at: Date,
  params: MessageParams = {},
) {
  return repo.insertMessage(tx, {
    transactionId,
    senderId: null,
    receiverId: null,
    content,
    params,
    messageType: 'SYSTEM',
    at,
  });
}

/** Marks read what the caller received (one message, or the whole conversation); tells the senders. */
export async function markRead(
  deps: MessagesDeps,
  userId: string,
  target: { messageId: string } | { transactionId: string },
): Promise<number> {
  let transactionId: string;
  let messageId: string | undefined;
  if ('messageId' in target) {
    const row = await repo.findMessage(deps.db, target.messageId);
    // Only the receiver marks read; anyone else is told it does not exist.
    if (!row || row.receiverId !== userId) throw new AppError('NOT_FOUND', MESSAGE_TEXT.messageNotFound);
    transactionId = row.transactionId;
    messageId = row.id;
  } else {
    transactionId = (await repo.membership(deps.db, target.transactionId, userId)).transactionId;
  }
  const marked = await repo.markRead(deps.db, userId, transactionId, deps.clock.now(), messageId);
  try {
    for (const { id, senderId } of marked)
      if (senderId)
        deps.realtime.toUser(senderId, SERVER_EVENTS.messageRead, { messageId: id, transactionId });
    if (marked.length)
      deps.realtime.toUser(userId, SERVER_EVENTS.messageRead, { transactionId, count: marked.length });
  } catch (error) {
    deps.log.error({ err: error, transactionId }, 'could not announce read receipts');
  }
  return marked.length;
}

/** The sender deletes their own message: it stays as 'This message was deleted' for both. */
export async function deleteMessage(deps: MessagesDeps, userId: string, id: string): Promise<Message> {
  const row = await repo.findMessage(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_TEXT.messageNotFound);
  if (row.senderId !== userId) {
    // A party sees the message, so may learn why; a stranger is told it does not exist.
    await repo.membership(deps.db, row.transactionId, userId).catch(() => {
      throw new AppError('NOT_FOUND', MESSAGE_TEXT.messageNotFound);
    });
    throw new AppError('FORBIDDEN', MESSAGE_TEXT.onlyOwnDelete);
  }
  const deleted = await repo.softDelete(deps.db, id, deps.clock.now());
  announce(deps, deleted, null);
  return toMessageView(deleted, userId);
}
