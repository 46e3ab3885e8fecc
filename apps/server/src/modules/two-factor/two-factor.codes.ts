import { TOTP_CODE_PATTERN, twoFactorCodeSchema } from '@escrow/shared/schemas/two-factor';
import type { Tx } from '../../db/client.ts';
import { createThrottle, throttleKeys } from '../../lib/throttle.ts';
import { recordAudit } from '../audit/index.ts';
import { savedLanguageOf } from '../auth/index.ts';
import type { TwoFactorDeps } from './two-factor.deps.ts';
import { tooManyFailures, wrongCode } from './two-factor.errors.ts';
import { recoveryCodeUsedMail, sendSecurityMail } from './two-factor.mails.ts';
import * as repo from './two-factor.repository.ts';
import { twoFactorSecretBox } from './two-factor.secrets.ts';
import { sha256 } from './two-factor.tokens.ts';
import { stepOfCode } from './two-factor.totp.ts';

export type CodeKind = 'totp' | 'recovery';
/** Where a code was used, for the audit row of a recovery code. */
export type CodeUse = { ip: string; requestId: string | null; purpose: string };

/**
 * Uses a code of a user with two-factor sign-in on, inside the caller's database transaction:
 * a TOTP code of an unused step (the current one or a neighbour), or an unused recovery code, which also
 * writes its audit row there. Answers what it was, or null for a wrong code (nothing used).
 */
export async function useCode(
  deps: Pick<TwoFactorDeps, 'config'>,
  tx: Tx,
  userId: string,
  code: string,
  now: Date,
  use: CodeUse,
): Promise<CodeKind | null> {
  if (TOTP_CODE_PATTERN.test(code)) {
    const settings = await repo.settingsOf(tx, userId);
    if (!settings?.enabledAt) return null;
    const secret = twoFactorSecretBox(deps.config.identityKey).open(settings.secretSealed);
    const step = stepOfCode(secret, code, now.getTime());
    return step !== null && (await repo.useStep(tx, userId, step, now)) ? 'totp' : null;
  }
  if (!(await repo.useRecoveryCode(tx, userId, sha256(code), now))) return null;
  await recordAudit(tx, {
    actorId: userId,
    action: 'user.two_factor_recovery_used',
    targetType: 'user',
    targetId: userId,
    summary: { after: { recoveryCodesLeft: await repo.recoveryCodesLeft(tx, userId) }, note: use.purpose },
    requestId: use.requestId,
    at: now,
  });
  return 'recovery';
}

/**
 * Every code check goes through this throttle (turning it on, sign-in, money steps, settings): wrong codes
 * are counted per account (from every address) and per address, in the database like sign-in failures
 * (lib/throttle.ts, the same window), and either count at its limit answers 429 before the code is
 * looked at. Only someone holding the password or a session reaches a code check, so the account's count
 * may refuse without a stranger being able to lock the owner out; it stops guessing spread over many
 * addresses and challenges.
 */
export function createCodeThrottle(deps: TwoFactorDeps) {
  const { config } = deps;
  const throttle = createThrottle(deps, config.LOGIN_THROTTLE_WINDOW_SECONDS, {
    onBlocked: deps.metrics.rateLimitRefused,
  });
  const checks = (userId: string, ip: string) => [
    { key: throttleKeys.twoFactorAccount(userId), limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP },
    { key: throttleKeys.twoFactorIp(ip), limit: config.LOGIN_MAX_FAILURES_PER_IP },
  ];

  return {
    /** Before a code is looked at: 429 while the account or the address is blocked. */
    async admit(userId: string, ip: string): Promise<void> {
      const wait = await throttle.retryAfter(checks(userId, ip));
      if (wait !== null) throw tooManyFailures(wait);
    },
    async failed(userId: string, ip: string): Promise<void> {
      await throttle.record(checks(userId, ip).map((check) => check.key));
    },
  };
}
export type CodeThrottle = ReturnType<typeof createCodeThrottle>;

/**
 * Checks and uses a code of a signed-in user with two-factor sign-in on (turning it off, new recovery
 * codes, withdrawals, bank accounts, closing the account): throttled, a wrong or malformed code a 400
 * that counts. A recovery code used this way is audited and e-mailed like one used at sign-in.
 */
export async function confirmCode(
  deps: TwoFactorDeps,
  throttle: CodeThrottle,
  user: { id: string; email: string; firstName: string },
  raw: unknown,
  use: CodeUse,
): Promise<CodeKind> {
  await throttle.admit(user.id, use.ip);
  const parsed = twoFactorCodeSchema.safeParse(raw);
  const now = deps.clock.now();
  const kind = parsed.success
    ? await deps.db.transaction((tx) => useCode(deps, tx, user.id, parsed.data, now, use))
    : null;
  if (!kind) {
    await throttle.failed(user.id, use.ip);
    throw wrongCode();
  }
  if (kind === 'recovery') await mailRecoveryUse(deps, user);
  return kind;
}

/** After a recovery code was used (committed): the owner is told, with how many are left. */
export async function mailRecoveryUse(
  deps: Pick<TwoFactorDeps, 'db' | 'mailer' | 'log' | 'config'>,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const left = await repo.recoveryCodesLeft(deps.db, user.id);
  sendSecurityMail(
    deps,
    recoveryCodeUsedMail({
      to: user.email,
      firstName: user.firstName,
      left,
      supportEmail: deps.config.SUPPORT_EMAIL,
      language: await savedLanguageOf(deps.db, user.id),
    }),
  );
}
