import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { users } from './users.ts';

/**
 * When each user was last seen live (online if last seen within 5 minutes). Written by
 * whichever instance holds the user's socket: on connect, on disconnect, and once a minute while it is
 * open; every instance reads the same row. Kept apart from `users` so the frequent writes touch a
 * narrow row with no other indexes.
 */
export const userPresence = pgTable('user_presence', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  ...timestamps,
});
