import type { MessageParams } from '@escrow/shared/i18n/translator';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MESSAGE_TYPES, type Attachment } from '@escrow/shared/schemas/messages';
import { id, timestamps } from '../columns.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

/**
 * One message in a transaction's conversation (the conversation is the transaction: its two parties).
 * SYSTEM messages (lifecycle steps) have no sender. A deleted message keeps its row (both parties see
 * 'This message was deleted'); its content is wiped. Full-text search runs on a generated tsvector
 * column added in the migration (GIN index), on both engines.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    senderId: text().references(() => users.id),
    receiverId: text().references(() => users.id),
    content: text().notNull(),
    /** A SYSTEM message's content is a message id written in each reader's language with these (docs/languages.md). */
    params: jsonb().$type<MessageParams>().notNull().default({}),
    messageType: text({ enum: MESSAGE_TYPES }).notNull().default('TEXT'),
    attachments: jsonb().$type<Attachment[]>().notNull().default([]),
    offPlatform: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('messages_transaction_created_idx').on(t.transactionId, t.createdAt.desc(), t.id.desc()),
    // Last seen (the latest message a person sent) and the sender's stats.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt.desc()),
    index('messages_receiver_unread_idx')
      .on(t.receiverId, t.transactionId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
