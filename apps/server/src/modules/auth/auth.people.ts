import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** Who a user is to the people they deal with: names, e-mail address and whether staff suspended them. */
export type PersonRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  suspendedAt: Date | null;
};

/**
 * The people among these ids that exist, in no particular order (one query however many ids; none
 * for an empty list). Runs on the handle it is given, so a caller inside a database transaction reads there.
 */
export async function peopleByIds(db: DbOrTx, ids: string[]): Promise<PersonRecord[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
