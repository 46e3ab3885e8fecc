import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

export const NOTIFICATION_TYPES = [
  'TRANSACTION_UPDATE',
  'PAYMENT',
  'MESSAGE',
  'SHIPPING',
  'SYSTEM',
  'DISPUTE',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** A notification for one user, written in the same database transaction as the change it reports. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No foreign key: notifications outlive nothing but may also concern other aggregates (disputes).
    transactionId: text(),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    title: text().notNull(),
    message: text().notNull(),
    isRead: boolean().notNull().default(false),
    priority: text({ enum: NOTIFICATION_PRIORITIES }).notNull().default('MEDIUM'),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);
export type NotificationRow = typeof notifications.$inferSelect;
