import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  notifications,
  type NotificationPriority,
  type NotificationRow,
  type NotificationType,
} from '../../db/schema/notifications.ts';

export type NotificationInput = {
  userId: string;
  transactionId: string | null;
  type: NotificationType;
  title: string;
  message: string;
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

/** Writes a notification row inside the caller's transaction; the caller emits it after commit. */
export async function createNotification(tx: Tx, input: NotificationInput): Promise<NotificationView> {
  const [row] = await tx
    .insert(notifications)
    .values({ ...input, metadata: input.metadata ?? {} })
    .returning();
  return toNotificationView(row!);
}

export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    userId: row.userId,
    transactionId: row.transactionId,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    priority: row.priority,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listNotifications(
  db: DbOrTx,
  userId: string,
  { page, limit, unreadOnly }: { page: number; limit: number; unreadOnly: boolean },
) {
  const where = unreadOnly
    ? and(eq(notifications.userId, userId), eq(notifications.isRead, false))
    : eq(notifications.userId, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return {
    notifications: rows.map(toNotificationView),
    total: total?.n ?? 0,
    unreadCount: await unreadCount(db, userId),
  };
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; another user's id is "not found". */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<NotificationView | null> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ? toNotificationView(row) : null;
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
