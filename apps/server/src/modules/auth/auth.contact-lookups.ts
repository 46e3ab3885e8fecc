import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { Language } from '@escrow/shared/i18n/languages';
import { normalizeEmail } from './auth.public-user.ts';

/**
 * Small reads of who a user is, for modules that show or write to people they do not own (a trade's
 * parties). Each runs on the handle it is given, so a caller inside a database transaction reads there.
 */

/** A user as a screen shows them: names and picture. */
export type UserCard = { id: string; firstName: string; lastName: string; profilePicture: string | null };

/** What an e-mail to a user needs: the address, the name to greet and the language to write in. */
export type UserContact = { id: string; email: string; firstName: string; language: Language };

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
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
  // Accounts without a saved language are written to in English (docs/languages.md).
  return rows.map((row) => ({ ...row, language: row.language ?? 'en' }));
}

/** The user's e-mail address and names, or null when no such user exists. */
export async function userNameAndEmailOf(
  db: DbOrTx,
  userId: string,
): Promise<{ email: string; firstName: string; lastName: string; language: Language } | null> {
  const [user] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ? { ...user, language: user.language ?? 'en' } : null;
}

/**
 * The language a user's notices and e-mails are written in (docs/languages.md): their saved one, else
 * English (there is no request to ask for Accept-Language).
 */
export async function savedLanguageOf(db: DbOrTx, userId: string): Promise<Language> {
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return user?.language ?? 'en';
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

/**
 * The saved language of the account with this e-mail address, else English: for a
 * mail to an address typed in by staff, which may or may not be an account's.
 */
export async function savedLanguageOfAddress(db: DbOrTx, email: string): Promise<Language> {
  const [user] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user?.language ?? 'en';
}
