import type { TwoFactorStatus } from '@escrow/shared/schemas/two-factor';
import type { Tx } from '../../db/client.ts';
import type { Language } from '../../lib/i18n.ts';
import { recordAudit, type AuditAction } from '../audit/index.ts';
import { confirmSignedInPassword, loadUser, type AuthUser } from '../auth/index.ts';
import { confirmCode, type CodeThrottle } from './two-factor.codes.ts';
import type { TwoFactorDeps } from './two-factor.deps.ts';
import { alreadyEnabled, notEnabled, notSetUp, wrongCode } from './two-factor.errors.ts';
import {
  recoveryCodesRenewedMail,
  sendSecurityMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
} from './two-factor.mails.ts';
import * as repo from './two-factor.repository.ts';
import { twoFactorSecretBox } from './two-factor.secrets.ts';
import { newRecoveryCodes, sha256 } from './two-factor.tokens.ts';
import { newTotpSecret, otpauthUrl, stepOfCode } from './two-factor.totp.ts';

/** The owner's own change, on record with the account as the actor (like closing it). */
function auditOwnChange(
  tx: Tx,
  user: AuthUser,
  action: AuditAction,
  summary: { before?: Record<string, unknown>; after?: Record<string, unknown> },
  requestId: string,
  at: Date,
) {
  return recordAudit(tx, {
    actorId: user.id,
    action,
    targetType: 'user',
    targetId: user.id,
    summary,
    requestId,
    at,
  });
}

/** Ten new recovery codes replace the user's old ones (only their hashes are kept); answers them once. */
async function issueRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(tx, userId, codes.map(sha256), now);
  return codes;
}

/** The signed-in user's own two-factor settings (docs/security.md "Two-factor sign-in"). */
export function createTwoFactorService(deps: TwoFactorDeps, throttle: CodeThrottle) {
  const { db, clock, config, tokens } = deps;
  const box = twoFactorSecretBox(config.identityKey);
  // The owner's saved language (docs/languages.md): the row's, or the session's copy of it.
  const mailTo = (user: { email: string; firstName: string; language: Language | null }) => ({
    to: user.email,
    firstName: user.firstName,
    supportEmail: config.SUPPORT_EMAIL,
    language: user.language ?? 'en',
  });

  async function status(user: AuthUser): Promise<TwoFactorStatus> {
    const settings = await repo.settingsOf(db, user.id);
    const enabledAt = settings?.enabledAt ?? null;
    return {
      enabled: enabledAt !== null,
      enabledAt: enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabledAt ? await repo.recoveryCodesLeft(db, user.id) : 0,
    };
  }

  /** A new secret, pending until a code from it turns it on; a second setup replaces the first. */
  async function setup(user: AuthUser): Promise<{ secret: string; otpauthUrl: string }> {
    const secret = newTotpSecret();
    if (!(await repo.savePendingSecret(db, user.id, box.seal(secret), clock.now()))) throw alreadyEnabled();
    return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
  }

  /**
   * Turns it on with a code of the pending secret (that code's step is used up): the settings, 10
   * recovery codes and the audit row commit together; then this session counts as having used the
   * second factor, and the owner is told by e-mail. Wrong codes count toward the code throttle.
   */
  async function enable(user: AuthUser, code: string, meta: { ip: string; requestId: string }) {
    await throttle.admit(user.id, meta.ip);
    const settings = await repo.settingsOf(db, user.id);
    if (!settings) throw notSetUp();
    if (settings.enabledAt) throw alreadyEnabled();
    const now = clock.now();
    const step = stepOfCode(box.open(settings.secretSealed), code, now.getTime());
    if (step === null) {
      await throttle.failed(user.id, meta.ip);
      throw wrongCode();
    }
    const recoveryCodes = await db.transaction(async (tx) => {
      // A setup started again meanwhile replaced the secret this code came from.
      if (!(await repo.enablePending(tx, user.id, settings.secretSealed, step, now))) throw notSetUp();
      const codes = await issueRecoveryCodes(tx, user.id, now);
      const summary = { after: { twoFactorEnabled: true } };
      await auditOwnChange(tx, user, 'user.two_factor_enable', summary, meta.requestId, now);
      return codes;
    });
    await tokens.markTwoFactorVerified(user.sessionId);
    sendSecurityMail(deps, twoFactorEnabledMail(mailTo(user)));
    return { recoveryCodes };
  }

  /**
   * Turns it off with the password (checked as a profile change checks it) and a current code: settings,
   * recovery codes and open challenges go, no session counts as verified any more, all in one database
   * transaction with the audit row.
   */
  async function disable(
    user: AuthUser,
    input: { password: string; code: string },
    meta: { ip: string; requestId: string },
  ): Promise<void> {
    const row = await confirmSignedInPassword(deps, user.id, input.password);
    if (!(await repo.isEnabled(db, user.id))) throw notEnabled();
    await confirmCode(deps, throttle, row, input.code, { ...meta, purpose: 'disable' });
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (!(await repo.removeTwoFactor(tx, user.id))) throw notEnabled();
      await tokens.clearTwoFactorVerified(user.id, tx);
      const summary = { before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } };
      await auditOwnChange(tx, user, 'user.two_factor_disable', summary, meta.requestId, now);
    });
    tokens.invalidateUser(user.id);
    sendSecurityMail(deps, twoFactorDisabledMail(mailTo(row)));
  }

  /** Ten new recovery codes for a current code; the old ones stop working. */
  async function renewRecoveryCodes(user: AuthUser, code: string, meta: { ip: string; requestId: string }) {
    const row = await loadUser(db, user.id);
    if (!(await repo.isEnabled(db, user.id))) throw notEnabled();
    await confirmCode(deps, throttle, row, code, { ...meta, purpose: 'recovery-codes' });
    const now = clock.now();
    const recoveryCodes = await db.transaction(async (tx) => {
      if (!(await repo.isEnabled(tx, user.id))) throw notEnabled();
      const codes = await issueRecoveryCodes(tx, user.id, now);
      const summary = { after: { recoveryCodesLeft: codes.length } };
      await auditOwnChange(tx, user, 'user.two_factor_recovery_codes', summary, meta.requestId, now);
      return codes;
    });
    sendSecurityMail(deps, recoveryCodesRenewedMail(mailTo(row)));
    return { recoveryCodes };
  }

  return { status, setup, enable, disable, renewRecoveryCodes };
}
