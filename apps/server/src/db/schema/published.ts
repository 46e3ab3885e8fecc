import { bigint, boolean, integer, pgView, text, timestamp } from 'drizzle-orm/pg-core';
import { TRANSACTION_STATUSES } from '@escrow/shared/domain/transaction-machine';
import { UPLOAD_PURPOSES } from '@escrow/shared/schemas/uploads';

/*
 * Read-only views that a table's owner publishes for other modules' joins (docs/architecture.md "Tables
 * belong to modules"). A module that needs another module's rows in a join selects from these; every
 * write, and every read that is not a join, goes through the owner's index.ts. PostgreSQL expands a
 * simple view into the query, so a join through one uses the table's indexes as before.
 *
 * Created by migration 0028 (drizzle-kit writes views' column names without the snake_case casing, so
 * they are declared `.existing()` here and written by hand there); `published.test.ts` checks that each
 * declared column exists in its view with the table column's type.
 */

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/** Published by `auth`: who a user is, without credentials or private settings. */
export const userDirectory = pgView('user_directory', {
  id: text().notNull(),
  email: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  role: text({ enum: ['USER', 'SUPPORT', 'ADMIN'] }).notNull(),
  profileLabel: text({ enum: ['VENDOR', 'buyer'] }).notNull(),
  profilePicture: text(),
  verificationLevel: text({ enum: ['BASIC', 'ENHANCED', 'PREMIUM'] }).notNull(),
  trustScore: integer().notNull(),
  isVerified: boolean().notNull(),
  suspendedAt: instant(),
  closedAt: instant(),
  createdAt: instant().notNull(),
}).existing();

/** Published by `transactions`: a trade's parties, state and amounts, for joins and counts. */
export const tradeDirectory = pgView('trade_directory', {
  id: text().notNull(),
  description: text().notNull(),
  currency: text().notNull(),
  price: bigint({ mode: 'number' }).notNull(),
  total: bigint({ mode: 'number' }).notNull(),
  status: text({ enum: TRANSACTION_STATUSES }).notNull(),
  creatorId: text(),
  creatorRole: text({ enum: ['BUYER', 'SELLER'] }).notNull(),
  counterpartyId: text(),
  brokerId: text(),
  disputeId: text(),
  paidAt: instant(),
  shippedAt: instant(),
  completedAt: instant(),
  cancelledAt: instant(),
  createdAt: instant().notNull(),
  updatedAt: instant().notNull(),
}).existing();

/** Published by `uploads`: what a stored file is and whom it belongs to (not where it is stored). */
export const uploadDirectory = pgView('upload_directory', {
  id: text().notNull(),
  ownerId: text().notNull(),
  purpose: text({ enum: UPLOAD_PURPOSES }).notNull(),
  transactionId: text(),
  disputeId: text(),
  filename: text().notNull(),
  mimeType: text().notNull(),
  size: integer().notNull(),
  createdAt: instant().notNull(),
}).existing();
