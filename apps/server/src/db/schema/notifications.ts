import type { MessageParams } from '@escrow/shared/i18n/translator';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationChannels,
  type NotificationPreferences,
} from '@escrow/shared/schemas/notifications';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

export {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationPriority,
  type NotificationType,
} from '@escrow/shared/schemas/notifications';

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
    /**
     * Message ids (English ICU texts) with `params`, written in each reader's language when shown, pushed
     * or sent (docs/languages.md). Rows written before languages came hold plain English (no params).
     */
    title: text().notNull(),
    message: text().notNull(),
    params: jsonb().$type<MessageParams>().notNull().default({}),
    isRead: boolean().notNull().default(false),
    priority: text({ enum: NOTIFICATION_PRIORITIES }).notNull().default('MEDIUM'),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A user's muted categories (the five preferences); no row means all on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb().$type<Partial<NotificationPreferences>>().notNull().default({}),
  /** Per category, the channels beside in-app (e-mail, SMS, WhatsApp); missing categories use the defaults. */
  channels: jsonb().$type<Partial<NotificationChannels>>().notNull().default({}),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
