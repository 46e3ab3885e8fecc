import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS, SMS_MESSAGE_STATUSES } from '@escrow/shared/schemas/phone';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Phones and text messages (docs/security.md "Phone verification"), owned by the phone module.
 * A verified phone: one per account, and a number verified on one account cannot verify another
 * (unique `phone`, stored in E.164 form, +234…).
 */
export const verifiedPhones = pgTable('verified_phones', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text().notNull().unique(),
  verifiedAt: instant().notNull(),
  ...timestamps,
});
export type VerifiedPhoneRow = typeof verifiedPhones.$inferSelect;

/**
 * One code sent to a number for one user: SHA-256 of the 6-digit code (the code itself only travels in
 * the text message), valid 10 minutes, 5 attempts. The rows of the last hour count the sends per user
 * and per number.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: instant().notNull(),
    attempts: integer().notNull().default(0),
    verifiedAt: instant(),
    ...timestamps,
  },
  (t) => [
    index('phone_verifications_user_idx').on(t.userId, t.createdAt),
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
  ],
);
export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;

/**
 * The text-message outbox: one notification to one person on one channel (SMS or WhatsApp), written
 * in the same database transaction as the notification it carries, sent by the scheduler with retries
 * (claimed FOR UPDATE SKIP LOCKED with a lease, as webhook deliveries are). A FAILED row has used its
 * attempts; staff see it in the console.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The notification it carries (no foreign key: notifications are owned by their module). */
    notificationId: text(),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    toPhone: text().notNull(),
    body: text().notNull(),
    status: text({ enum: SMS_MESSAGE_STATUSES }).notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: instant(),
    lockedUntil: instant(),
    lockToken: text(),
    lastError: text(),
    providerMessageId: text(),
    sentAt: instant(),
    ...timestamps,
  },
  (t) => [
    index('sms_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_status_idx').on(t.status, t.createdAt),
    check('sms_messages_pending_has_time', sql`${t.status} <> 'PENDING' or ${t.nextAttemptAt} is not null`),
  ],
);
export type SmsMessageRow = typeof smsMessages.$inferSelect;
