import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    // Stored lower-cased; the unique index makes e-mail unique case-insensitively.
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text({ enum: ['USER', 'SUPPORT', 'ADMIN'] })
      .notNull()
      .default('USER'),
    profileLabel: text({ enum: ['VENDOR', 'buyer'] })
      .notNull()
      .default('buyer'),
    profilePicture: text(),
    verificationLevel: text({ enum: ['BASIC', 'ENHANCED', 'PREMIUM'] })
      .notNull()
      .default('BASIC'),
    trustScore: integer().notNull().default(0),
    isVerified: boolean().notNull().default(false),
    onboardingCompleted: boolean().notNull().default(false),
    /** The user's choice to show money masked until they reveal it (profile Preferences). */
    hideAmounts: boolean().notNull().default(false),
    /**
     * The user's language (docs/languages.md): set at sign-up, changed in Preferences. Null for accounts
     * made before languages came or without sign-up: their requests follow Accept-Language.
     */
    language: text({ enum: ['en', 'pcm', 'yo', 'ha', 'ig'] }),
    /** Set by an ADMIN (operator console): sessions are revoked and sign-in answers 403. */
    suspendedAt: timestamp({ withTimezone: true, mode: 'date' }),
    suspensionReason: text(),
    /**
     * Set when the user closed their account (docs/privacy.md): the row stays for the financial records
     * that point at it, its personal fields replaced by placeholders. Final: nothing reopens it.
     */
    closedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * The privacy notice version the user accepted at sign-up and when (docs/privacy.md "Consent and
     * notices"); both null for accounts made without sign-up (create-admin, the demo seed). Kept when the
     * account closes: it is the record of what was agreed, and holds nothing personal.
     */
    privacyNoticeVersion: text(),
    privacyNoticeAcceptedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The transactions list searches the other party's full name through this trigram index
    // (pg_trgm, migration 0004); the query must use the same expression to match it.
    index('users_full_name_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    check('users_trust_score_range', sql`${t.trustScore} between 0 and 100`),
    check('users_language_known', sql`${t.language} in ('en', 'pcm', 'yo', 'ha', 'ig')`),
    check(
      'users_privacy_consent_pair',
      sql`(${t.privacyNoticeVersion} is null) = (${t.privacyNoticeAcceptedAt} is null)`,
    ),
  ],
);

/** One row per issued token; logout or a password change revokes it server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    /** The address that signed in (shown in the profile's sessions list). */
    ipAddress: text(),
    /** Last authenticated request, written at most once a minute per session (auth.tokens.ts). */
    lastSeenAt: timestamp({ withTimezone: true }),
    /**
     * When this session passed the second factor (a sign-in through POST /auth/2fa/verify, or a code given
     * later in it); staff-only actions need it when two-factor sign-in is required (docs/security.md).
     */
    twoFactorVerifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Retention (auth.retention.ts) finds sessions that ended 90 days ago by either time; neither column
    // is updated after sign-in (revoked_at once), so the indexes keep last-seen writes HOT.
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_revoked_at_idx')
      .on(t.revokedAt)
      .where(sql`revoked_at is not null`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token; the token itself only travels in the e-mail.
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
