import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Whether the invitation may be used by this user: addressed to them by id (Contact Vendor) or by
 * e-mail (partner API: whoever holds that address), or to anyone with the code.
 */
export async function addressedTo(
  db: DbOrTx,
  invitation: { invitedUserId: string | null; invitedEmail: string | null },
  userId: string,
): Promise<boolean> {
  if (invitation.invitedUserId !== null) return invitation.invitedUserId === userId;
  if (invitation.invitedEmail === null) return true;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email.toLowerCase() === invitation.invitedEmail;
}
