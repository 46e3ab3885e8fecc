import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"), owned by the two-factor module.
 * The TOTP secret must be readable to check codes, so it is stored sealed (AES-256-GCM under a key
 * derived from IDENTITY_ENCRYPTION_KEY), never hashed. A row without `enabledAt` is a setup not yet
 * confirmed with a code; `lastUsedStep` is the 30-second step of the last accepted code, so a code is
 * accepted once (a code of that step or an earlier one is refused).
 */
export const twoFactorSettings = pgTable('two_factor_settings', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text().notNull(),
  enabledAt: instant(),
  lastUsedStep: bigint({ mode: 'number' }),
  ...timestamps,
});
export type TwoFactorSettingsRow = typeof twoFactorSettings.$inferSelect;

/** Ten one-time recovery codes per enrolment, SHA-256 hashed; a new enrolment replaces them. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: instant(),
    ...timestamps,
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in that passed the password and waits for the second factor: SHA-256 of the challenge token
 * (the token only travels in the sign-in answer), valid 5 minutes, ended by 5 wrong codes or by use.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    failures: integer().notNull().default(0),
    usedAt: instant(),
    ipAddress: text(),
    userAgent: text(),
    ...timestamps,
  },
  (t) => [
    index('two_factor_challenges_user_idx').on(t.userId),
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
  ],
);
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;
