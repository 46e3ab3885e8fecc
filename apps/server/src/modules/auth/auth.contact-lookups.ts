import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Small reads of who a user is, for modules that show or write to people they do not own (a trade's
 * parties). Each runs on the handle it is given, so a caller inside a database transaction reads there.
 */

/** A user as a screen shows them: names and picture. */
export type UserCard = { id: string; firstName: string; lastName: string; profilePicture: string | null };

/** What an e-mail to a user needs. */
export type UserContact = { id: string; email: string; firstName: string };

/** The user's card, or null when no such user exists. */
export async function userCardOf(db: DbOrTx, userId: string): Promise<UserCard | null> {
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The contacts of those of these users that exist, in no particular order. */
export async function userContactsOf(db: DbOrTx, ids: string[]): Promise<UserContact[]> {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The user's e-mail address and names, or null when no such user exists. */
export async function userNameAndEmailOf(
  db: DbOrTx,
  userId: string,
): Promise<{ email: string; firstName: string; lastName: string } | null> {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The user's e-mail address as stored, or null when no such user exists. */
export async function userEmailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/** Whether a user with this id exists. */
export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user !== undefined;
}
