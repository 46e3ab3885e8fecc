import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

/**
 * The first answer to a money-moving request sent with an `Idempotency-Key`, per user and key.
 * While the first request runs the row is IN_PROGRESS; a replay then gets the stored answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    // SHA-256 of method, path and body: the same key with another request is refused.
    requestHash: text().notNull(),
    status: text({ enum: ['IN_PROGRESS', 'COMPLETED'] })
      .notNull()
      .default('IN_PROGRESS'),
    // The claim of the request that runs it: a random owner and a lease it renews while it runs. A
    // claim whose lease ran out and whose request did not commit may be taken over by a retry.
    owner: text(),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '10 seconds'`),
    // Set inside the first database transaction the request commits (idempotency.claims.ts).
    committedAt: timestamp({ withTimezone: true, mode: 'date' }),
    responseStatus: integer(),
    responseBody: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
