import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { NotificationFilter } from '@escrow/shared/schemas/notifications';
import {
  notifications,
  type NotificationPriority,
  type NotificationRow,
  type NotificationType,
} from '../../db/schema/notifications.ts';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';
import { savedLanguageOf } from '../auth/index.ts';
import { deliverOnChosenChannels } from './notifications.delivery.ts';

/**
 * `title` and `message` are message ids (English ICU texts, marked with msg()) and `params` their
 * values: each reader gets them in their language (docs/languages.md).
 */
export type NotificationInput = {
  userId: string;
  transactionId: string | null;
  type: NotificationType;
  title: string;
  message: string;
  params?: MessageParams;
  priority: NotificationPriority;
  metadata?: Record<string, unknown>;
};

export type NotificationView = {
  id: string;
  userId: string;
  transactionId: string | null;
  type: NotificationType;
  title: string;
  message: string;
  isRead: boolean;
  priority: NotificationPriority;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};

/**
 * Writes a notification row inside the caller's transaction, and sends it on the channels its recipient
 * chose for its category (notifications.delivery.ts); the caller pushes it live after commit. The
 * answer is written in the recipient's saved language, as the push, e-mail and SMS carry it.
 */
export async function createNotification(tx: Tx, input: NotificationInput): Promise<NotificationView> {
  const [row] = await tx
    .insert(notifications)
    .values({ ...input, params: input.params ?? {}, metadata: input.metadata ?? {} })
    .returning();
  const note = toNotificationView(row!, await savedLanguageOf(tx, input.userId));
  await deliverOnChosenChannels(tx, note);
  return note;
}

/** A notification as `language`'s reader sees it (rows written before languages came are English). */
export function toNotificationView(row: NotificationRow, language: Language = 'en'): NotificationView {
  return {
    id: row.id,
    userId: row.userId,
    transactionId: row.transactionId,
    type: row.type,
    title: translate(language, row.title, row.params),
    message: translate(language, row.message, row.params),
    isRead: row.isRead,
    priority: row.priority,
    metadata: localizedMetadata(row.metadata, language),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A link's label in the metadata (`linkLabel`, a message id) is written in the reader's language too. */
function localizedMetadata(metadata: Record<string, unknown>, language: Language): Record<string, unknown> {
  if (language === 'en' || typeof metadata.linkLabel !== 'string') return metadata;
  return { ...metadata, linkLabel: translate(language, metadata.linkLabel) };
}

const COUNT_CAP = 1000;

export async function listNotifications(
  db: DbOrTx,
  userId: string,
  {
    page,
    limit,
    filter,
    language,
  }: { page: number; limit: number; filter: NotificationFilter; language: Language },
) {
  const where =
    filter === 'all'
      ? eq(notifications.userId, userId)
      : and(eq(notifications.userId, userId), eq(notifications.isRead, filter === 'read'));
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  // Counted up to 1,000 through the index, so the answer costs the same for a long history.
  const counted = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(where)
    .limit(COUNT_CAP)
    .as('counted');
  const [total] = await db.select({ n: count() }).from(counted);
  return {
    notifications: rows.slice(0, limit).map((row) => toNotificationView(row, language)),
    total: total?.n ?? 0,
    hasMore: rows.length > limit,
    unreadCount: await unreadCount(db, userId),
  };
}

/** Unread notifications, counted up to 1,000 (the badge shows 9+ anyway). */
export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .limit(COUNT_CAP)
    .as('unread');
  const [row] = await db.select({ n: count() }).from(unread);
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; another user's id is "not found". */
export async function markRead(
  db: DbOrTx,
  userId: string,
  id: string,
  language: Language,
): Promise<NotificationView | null> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ? toNotificationView(row, language) : null;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function clearNotifications(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return rows.length;
}
