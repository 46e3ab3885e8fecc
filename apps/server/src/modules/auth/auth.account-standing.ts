import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { sessions, users, type UserRow } from '../../db/schema/users.ts';

/*
 * Changes to an account's standing that other modules decide (staff suspension and levels, identity
 * checks, the trust score, publishing a vendor profile). Each runs in the caller's database transaction,
 * next to the caller's own rows and audit entry; the caller checks the row first (usually locked with
 * `lockAccountRow`) and, after commit, calls `tokens.invalidateUser` for fields the session cache holds.
 */

/** Suspends the account and revokes every live session of it. */
export async function suspendAccountRow(tx: Tx, userId: string, reason: string, now: Date): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ suspendedAt: now, suspensionReason: reason, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row!;
}

/** Clears the suspension; the user signs in again normally. */
export async function reinstateAccountRow(tx: Tx, userId: string, now: Date): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ suspendedAt: null, suspensionReason: null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Sets the verification level as staff chose it, answering the updated row. */
export async function setVerificationLevelRow(
  tx: Tx,
  userId: string,
  level: UserRow['verificationLevel'],
  now: Date,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ verificationLevel: level, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** The level and verified flag an identity check gave or withdrew. */
export async function recordVerification(
  tx: Tx,
  userId: string,
  verification: { verificationLevel: UserRow['verificationLevel']; isVerified: boolean },
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({
      verificationLevel: verification.verificationLevel,
      isVerified: verification.isVerified,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Stores a recomputed trust score (the trust module computes it). */
export async function storeTrustScore(db: DbOrTx, userId: string, score: number, now: Date): Promise<void> {
  await db.update(users).set({ trustScore: score, updatedAt: now }).where(eq(users.id, userId));
}

/** A published vendor profile labels its owner a vendor. */
export async function labelAsVendor(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ profileLabel: 'VENDOR', updatedAt: now }).where(eq(users.id, userId));
}
