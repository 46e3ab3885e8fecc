import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';

/**
 * Pre-launch waitlist. Only what the form asks for is kept (NDPA 2023 data minimisation):
 * no IP address or user agent.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    // Stored trimmed and lower-cased; the unique index on lower(email) guards against any other writer.
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    interest: text({ enum: ['individual', 'business', 'marketplace'] })
      .notNull()
      .default('individual'),
    // Set once the welcome e-mail went out, so staff can see who did not get it.
    welcomeEmailSentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('waitlist_entries_email_lower_unique').on(sql`lower(${t.email})`),
    index('waitlist_entries_created_at_idx').on(t.createdAt, t.id),
    check('waitlist_entries_interest_valid', sql`${t.interest} in ('individual', 'business', 'marketplace')`),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
