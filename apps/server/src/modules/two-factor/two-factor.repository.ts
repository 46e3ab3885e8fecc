import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactorSettings,
} from '../../db/schema/two-factor.ts';

/** The user's settings row: a pending setup (enabledAt null) or two-factor sign-in on. */
export async function settingsOf(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(twoFactorSettings).where(eq(twoFactorSettings.userId, userId));
  return row;
}

export async function isEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSettings.userId })
    .from(twoFactorSettings)
    .where(and(eq(twoFactorSettings.userId, userId), isNotNull(twoFactorSettings.enabledAt)));
  return row !== undefined;
}

/** Saves a new pending secret over any earlier pending one; false when two-factor sign-in is already on. */
export async function savePendingSecret(db: DbOrTx, userId: string, secretSealed: string, now: Date) {
  const saved = await db
    .insert(twoFactorSettings)
    .values({ userId, secretSealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: twoFactorSettings.userId,
      set: { secretSealed, lastUsedStep: null, updatedAt: now },
      setWhere: isNull(twoFactorSettings.enabledAt),
    })
    .returning({ userId: twoFactorSettings.userId });
  return saved.length > 0;
}

/**
 * Turns the pending secret on with the step of the code that confirmed it (so that code is used up).
 * Guarded by the secret itself: a setup started again meanwhile replaced it, and this one no longer counts.
 */
export async function enablePending(
  db: DbOrTx,
  userId: string,
  secretSealed: string,
  step: number,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .update(twoFactorSettings)
    .set({ enabledAt: now, lastUsedStep: step, updatedAt: now })
    .where(
      and(
        eq(twoFactorSettings.userId, userId),
        isNull(twoFactorSettings.enabledAt),
        eq(twoFactorSettings.secretSealed, secretSealed),
      ),
    )
    .returning({ enabledAt: twoFactorSettings.enabledAt });
  return row?.enabledAt ?? null;
}

/**
 * Uses a TOTP step: checked and recorded in one statement, so two requests racing with the same code
 * cannot both pass, and a code of this step or an earlier one is refused from now on.
 */
export async function useStep(db: DbOrTx, userId: string, step: number, now: Date): Promise<boolean> {
  const used = await db
    .update(twoFactorSettings)
    .set({ lastUsedStep: step, updatedAt: now })
    .where(
      and(
        eq(twoFactorSettings.userId, userId),
        isNotNull(twoFactorSettings.enabledAt),
        or(isNull(twoFactorSettings.lastUsedStep), lt(twoFactorSettings.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSettings.userId });
  return used.length > 0;
}

/** Uses a recovery code, once (the same statement checks and marks it). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date) {
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now, updatedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[], now: Date) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now, updatedAt: now })));
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(
  db: DbOrTx,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ipAddress: string;
    userAgent: string | null;
    now: Date;
  },
) {
  const { now, ...row } = values;
  await db.insert(twoFactorChallenges).values({ ...row, createdAt: now, updatedAt: now });
}

export async function findChallenge(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash));
  return row;
}

/** Takes an open challenge for this sign-in: unused, unexpired, fewer than `maxFailures` wrong codes. */
export async function claimChallenge(db: DbOrTx, id: string, now: Date, maxFailures: number) {
  const claimed = await db
    .update(twoFactorChallenges)
    .set({ usedAt: now, updatedAt: now })
    .where(
      and(
        eq(twoFactorChallenges.id, id),
        isNull(twoFactorChallenges.usedAt),
        lt(twoFactorChallenges.failures, maxFailures),
        sql`${twoFactorChallenges.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: twoFactorChallenges.id });
  return claimed.length > 0;
}

/** Counts a wrong code against the challenge; answers its wrong codes so far. */
export async function countChallengeFailure(db: DbOrTx, id: string, now: Date): Promise<number> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ failures: sql`${twoFactorChallenges.failures} + 1`, updatedAt: now })
    .where(eq(twoFactorChallenges.id, id))
    .returning({ failures: twoFactorChallenges.failures });
  return row?.failures ?? 0;
}

/**
 * Removes the user's two-factor sign-in: settings, recovery codes and open challenges (a challenge
 * without two-factor sign-in would still ask for a code). Answers whether it was on.
 */
export async function removeTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [removed] = await db
    .delete(twoFactorSettings)
    .where(eq(twoFactorSettings.userId, userId))
    .returning({ enabledAt: twoFactorSettings.enabledAt });
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  return Boolean(removed?.enabledAt);
}
