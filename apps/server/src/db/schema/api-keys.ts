import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES } from '@escrow/shared/schemas/partner';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Partner API keys (docs/partner-api.md), owned by the partner module. Only the SHA-256 of the key is
 * kept (a key carries 256 random bits, so a fast hash is enough); `prefix` is what lists show.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    mode: text({ enum: ['test', 'live'] }).notNull(),
    scopes: text({ enum: API_KEY_SCOPES }).array().notNull(),
    lastUsedAt: instant(),
    revokedAt: instant(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    index('api_keys_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
