import { ADMIN_TEXT } from '@escrow/shared/schemas/admin';
import {
  TWO_FACTOR_CHALLENGE_MAX_FAILURES,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '@escrow/shared/schemas/two-factor';
import { AppError } from '../../lib/errors.ts';
import { completeSignIn, loadUser, type SignedIn } from '../auth/index.ts';
import { mailRecoveryUse, useCode, type CodeThrottle } from './two-factor.codes.ts';
import type { TwoFactorDeps } from './two-factor.deps.ts';
import { challengeExpired, wrongCode } from './two-factor.errors.ts';
import * as repo from './two-factor.repository.ts';
import { newChallengeToken, sha256 } from './two-factor.tokens.ts';

type Attempt = { ip: string; userAgent?: string | undefined };

/** A wrong code inside the verifying transaction: thrown to roll the challenge's claim back. */
class WrongCode extends Error {}

/**
 * After a right password (POST /auth/login): with two-factor sign-in on, a challenge instead of a
 * session. The token travels only in this answer; its SHA-256 is stored, valid 5 minutes.
 */
export async function startTwoFactorSignIn(
  deps: Pick<TwoFactorDeps, 'db' | 'clock'>,
  userId: string,
  attempt: Attempt,
): Promise<{ challenge: string; expiresAt: string } | null> {
  if (!(await repo.isEnabled(deps.db, userId))) return null;
  const now = deps.clock.now();
  const challenge = newChallengeToken();
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
  await repo.insertChallenge(deps.db, {
    userId,
    tokenHash: sha256(challenge),
    expiresAt,
    ipAddress: attempt.ip.slice(0, 64),
    userAgent: attempt.userAgent?.slice(0, 300) ?? null,
    now,
  });
  return { challenge, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /auth/2fa/verify: the challenge and a TOTP or recovery code complete the sign-in, answered as
 * POST /auth/login answers, with a session that used the second factor. The challenge is taken and the
 * code used in one database transaction, so a challenge signs in once and a code works once. A wrong code
 * counts against the challenge (the fifth ends it) and the code throttle; an unknown, used, ended or
 * expired challenge is a 401 (sign in again).
 */
export async function verifyTwoFactorSignIn(
  deps: TwoFactorDeps,
  throttle: CodeThrottle,
  input: { challenge: string; code: string },
  attempt: Attempt & { requestId: string },
): Promise<SignedIn> {
  const now = deps.clock.now();
  const challenge = await repo.findChallenge(deps.db, sha256(input.challenge));
  if (
    !challenge ||
    challenge.usedAt ||
    challenge.failures >= TWO_FACTOR_CHALLENGE_MAX_FAILURES ||
    challenge.expiresAt.getTime() <= now.getTime()
  )
    throw challengeExpired();
  const { userId } = challenge;
  await throttle.admit(userId, attempt.ip);
  const user = await loadUser(deps.db, userId);
  // Suspended since the password was checked: as POST /auth/login would answer now.
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', ADMIN_TEXT.suspended);
  const use = { ip: attempt.ip, requestId: attempt.requestId, purpose: 'sign-in' };
  let kind;
  try {
    kind = await deps.db.transaction(async (tx) => {
      if (!(await repo.claimChallenge(tx, challenge.id, now, TWO_FACTOR_CHALLENGE_MAX_FAILURES)))
        throw challengeExpired();
      const used = await useCode(deps, tx, userId, input.code, now, use);
      if (!used) throw new WrongCode();
      return used;
    });
  } catch (error) {
    if (!(error instanceof WrongCode)) throw error;
    const failures = await repo.countChallengeFailure(deps.db, challenge.id, now);
    await throttle.failed(userId, attempt.ip);
    throw wrongCode({ attemptsLeft: Math.max(0, TWO_FACTOR_CHALLENGE_MAX_FAILURES - failures) });
  }
  if (kind === 'recovery') await mailRecoveryUse(deps, user);
  return completeSignIn(deps, user, {
    userAgent: attempt.userAgent,
    ip: attempt.ip,
    twoFactorVerified: true,
  });
}
