import { AUTH_TEXT } from '@escrow/shared/schemas/auth';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createThrottle, throttleKeys, type Throttle } from '../../lib/throttle.ts';
import { loadUser } from './auth.load-user.ts';
import { currentPasswordIncorrect, rateLimited } from './auth.errors.ts';

/**
 * Re-checks the password of a signed-in user (an e-mail change, a password change, closing the account),
 * throttled so a stolen token cannot guess it. A wrong password is a 400 on the password field, never a
 * 401: the session itself is fine, and the web app signs out on a 401.
 */
export function createPasswordConfirmation(
  config: Pick<AppConfig, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_IP'>,
  throttle: Throttle,
) {
  return async function confirmCurrentPassword(user: UserRow, password: string): Promise<void> {
    const key = throttleKeys.reauth(user.id);
    // Only a signed-in session reaches this, so the per account and address limit fits it.
    const wait = await throttle.retryAfter([{ key, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP }]);
    if (wait !== null) throw rateLimited(AUTH_TEXT.tooManyPasswordFailures, wait);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await throttle.record([key]);
      throw currentPasswordIncorrect();
    }
    await throttle.clear(key);
  };
}

/**
 * The same confirmation for another module (turning two-factor sign-in off): the signed-in user's
 * password, throttled with the same key, a wrong one a 400 INVALID_CURRENT_PASSWORD. Answers the row.
 */
export async function confirmSignedInPassword(
  deps: { db: Db; clock: Clock; config: AppConfig },
  userId: string,
  password: string,
): Promise<UserRow> {
  const user = await loadUser(deps.db, userId);
  const throttle = createThrottle(deps, deps.config.LOGIN_THROTTLE_WINDOW_SECONDS);
  await createPasswordConfirmation(deps.config, throttle)(user, password);
  return user;
}
