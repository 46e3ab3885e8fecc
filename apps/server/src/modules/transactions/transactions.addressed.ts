import type { DbOrTx } from '../../db/client.ts';
import { userEmailOf } from '../auth/index.ts';

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
  const email = await userEmailOf(db, userId);
  return email?.toLowerCase() === invitation.invitedEmail;
}
