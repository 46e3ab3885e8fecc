import { accountRow, type UserRow } from '../auth/index.ts';
import { resetTwoFactor, type StaffResetDeps } from '../two-factor/index.ts';
import { userNotFound } from './admin.users.ts';

/**
 * POST /admin/users/{id}/two-factor/reset, ADMIN only like the other changes to an account's standing
 * (suspension, verification level): removing the second factor lets whoever holds the password in, so
 * it is done only after checking the user's identity, with the reason on record (two-factor module).
 */
export async function resetUserTwoFactor(
  deps: StaffResetDeps,
  staff: { id: string; requestId: string },
  userId: string,
  reason: string,
): Promise<UserRow> {
  const user = await accountRow(deps.db, userId);
  if (!user) throw userNotFound();
  await resetTwoFactor(deps, staff, user, reason);
  return user;
}
