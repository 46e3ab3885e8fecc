import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES } from '@escrow/shared/schemas/privacy';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A user's "Download my data" request (docs/privacy.md), owned by the privacy module. PENDING until the
 * scheduler builds the ZIP into file storage (`storage_key`), READY for 7 days, then EXPIRED with the
 * file removed; FAILED when building it kept failing. One request a day per user.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: DATA_EXPORT_STATUSES }).notNull().default('PENDING'),
    storageKey: text(),
    size: integer(),
    attempts: integer().notNull().default(0),
    readyAt: instant(),
    expiresAt: instant(),
    ...timestamps,
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_status_idx').on(t.status, t.createdAt),
  ],
);
export type DataExportRow = typeof dataExports.$inferSelect;
