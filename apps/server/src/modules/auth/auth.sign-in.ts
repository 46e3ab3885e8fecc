import type { PublicUser, SignInHistory } from '@escrow/shared/schemas/auth';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { toPublicUser } from './auth.public-user.ts';
import { previousSignInAt } from './auth.sign-in-history.ts';
import type { TokenService } from './auth.tokens.ts';

export type SignedIn = { user: PublicUser; token: string } & SignInHistory;

/**
 * The end of every sign-in: a new session and the answer the web app stores. POST /auth/login makes it
 * when no second factor is needed, POST /auth/2fa/verify after the second factor (`twoFactorVerified`),
 * so both answer exactly alike.
 */
export async function completeSignIn(
  deps: { db: Db; tokens: Pick<TokenService, 'issue'> },
  user: UserRow,
  session: { userAgent?: string | undefined; ip: string; twoFactorVerified?: boolean },
): Promise<SignedIn> {
  const previous = await previousSignInAt(deps.db, user.id);
  const { token } = await deps.tokens.issue(user.id, session.userAgent, session.ip, {
    twoFactorVerified: session.twoFactorVerified ?? false,
  });
  return { user: toPublicUser(user), token, previousSignInAt: previous };
}
