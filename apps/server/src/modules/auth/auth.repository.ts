import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens, users, type UserRow } from '../../db/schema/users.ts';

type NewUser = typeof users.$inferInsert;
type UserPatch = Partial<
  Pick<
    NewUser,
    | 'email'
    | 'passwordHash'
    | 'firstName'
    | 'lastName'
    | 'profilePicture'
    | 'onboardingCompleted'
    | 'hideAmounts'
    | 'language'
  >
>;

export class EmailTakenError extends Error {}

/**
 * Drizzle's query error repeats the statement's parameters in its message; for statements that carry a
 * password hash or a token hash that message must never reach a log, so the driver's own error
 * (which names the failure, not the values) is rethrown instead.
 */
async function withoutParamsInErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DrizzleQueryError && error.cause) throw error.cause;
    throw error;
  }
}

function isEmailUniqueViolation(error: unknown): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && pgError.constraint === 'users_email_lower_unique';
}

export async function findUserById(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  // lower(email) so the query uses the unique expression index.
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Inserts a user; a taken e-mail (in any case) throws EmailTakenError, decided by the unique index. */
export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  try {
    const [row] = await withoutParamsInErrors(() => db.insert(users).values(values).returning());
    return row!;
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function updateUser(db: DbOrTx, userId: string, patch: UserPatch): Promise<UserRow> {
  try {
    const [row] = await withoutParamsInErrors(() =>
      db.update(users).set(patch).where(eq(users.id, userId)).returning(),
    );
    return row!;
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function insertResetToken(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await withoutParamsInErrors(() => db.insert(passwordResetTokens).values(values));
}

/** Whether a token hash names an unused, unexpired token (a cheap pre-check before hashing a password). */
export async function isResetTokenUsable(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the token used and returns its user, or null when it is unknown, expired or already used.
 * `used_at is null` in the same UPDATE makes it single-use even when two requests race.
 */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await withoutParamsInErrors(() =>
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId }),
  );
  return row?.userId ?? null;
}

/** Closes every outstanding reset link of the user (after a reset or a password change). */
export async function invalidateResetTokens(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
