import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CLOSED_ACCOUNT_NAME, PRIVACY_TEXT } from '@escrow/shared/schemas/privacy';
import type { AppConfig } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createThrottle } from '../../lib/throttle.ts';
import { loadUser } from './auth.load-user.ts';
import { createPasswordConfirmation } from './auth.reauth.ts';
import type { TokenService } from './auth.tokens.ts';

/** Not an argon2 hash: it verifies no password, so nothing can ever sign in to a closed account. */
const CLOSED_PASSWORD_HASH = '!closed';
const [CLOSED_FIRST_NAME, CLOSED_LAST_NAME] = CLOSED_ACCOUNT_NAME.split(' ') as [string, string];

/** The personal fields the account had, for the caller to remove from text that copied them. */
export type FormerAccount = {
  email: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
};

/**
 * The signed-in user's password, checked as an e-mail or password change checks it (throttled; a wrong
 * one is a 400 on the field). Staff accounts cannot be closed by their owner: the console's roles are
 * changed by an administrator first.
 */
export async function confirmAccountPassword(
  deps: { db: Db; clock: Clock; config: AppConfig },
  userId: string,
  password: string,
): Promise<void> {
  const user = await loadUser(deps.db, userId);
  if (user.closedAt) throw new AppError('CONFLICT', PRIVACY_TEXT.alreadyClosed);
  if (user.role !== 'USER') throw new AppError('FORBIDDEN', PRIVACY_TEXT.staffCannotClose);
  const throttle = createThrottle(deps, deps.config.LOGIN_THROTTLE_WINDOW_SECONDS);
  await createPasswordConfirmation(deps.config, throttle)(user, password);
}

/** Locks the user's row for the closing transaction; a row already closed is a 409. */
export async function lockAccountForClosing(tx: Tx, userId: string): Promise<FormerAccount> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.closedAt) throw new AppError('CONFLICT', PRIVACY_TEXT.alreadyClosed);
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profilePicture: user.profilePicture,
  };
}

/**
 * Closes the account inside the caller's database transaction (after `lockAccountForClosing`): the name
 * becomes 'Closed account', the e-mail a random placeholder (so the address can sign up again and the
 * old one cannot be read back), the picture and password go, reset links die, and every session is
 * revoked. After commit the caller calls `tokens.invalidateUser` and `tokens.sessionsEnded` with the
 * answered ids, so the old token is refused at once on every instance.
 */
export async function closeAccountRow(
  tx: Tx,
  tokens: Pick<TokenService, 'revokeAllForUser'>,
  userId: string,
  now: Date,
): Promise<{ sessionIds: string[] }> {
  await tx
    .update(users)
    .set({
      email: `closed+${randomUUID()}@invalid`,
      firstName: CLOSED_FIRST_NAME,
      lastName: CLOSED_LAST_NAME,
      profilePicture: null,
      passwordHash: CLOSED_PASSWORD_HASH,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  const sessionIds = await tokens.revokeAllForUser(userId, { executor: tx });
  return { sessionIds };
}
