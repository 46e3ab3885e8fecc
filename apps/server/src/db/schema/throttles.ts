import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';

/** Failed sign-in counters per key ('account:<email>' or 'ip:<address>') in a fixed window. */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  ...timestamps,
});
