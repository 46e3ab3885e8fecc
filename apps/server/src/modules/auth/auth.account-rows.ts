import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

/*
 * Reads of the users table for other modules (the staff console, identity checks, API keys). An unknown
 * id answers undefined: the caller decides what that means (404, 401).
 */

/** The whole row, read now (a missing user is the caller's to answer; `loadUser` answers 401). */
export async function accountRow(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The whole row, locked for the caller's database transaction. */
export async function lockAccountRow(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** The level only, with the row locked: serialises decisions taken per account (e.g. counting its keys). */
export async function lockVerificationLevel(
  tx: Tx,
  userId: string,
): Promise<{ level: UserRow['verificationLevel'] } | undefined> {
  const [row] = await tx
    .select({ level: users.verificationLevel })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** The stored level and trust score, read now (they change in other requests' transactions). */
export async function verificationStandingOf(
  db: DbOrTx,
  userId: string,
): Promise<{ level: UserRow['verificationLevel']; score: number } | undefined> {
  const [row] = await db
    .select({ level: users.verificationLevel, score: users.trustScore })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** First and last names of the given users (unknown ids are left out). */
export function accountNamesOf(
  db: DbOrTx,
  userIds: string[],
): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, userIds));
}
