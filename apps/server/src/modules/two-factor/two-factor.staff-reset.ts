import { forbidden } from '../../lib/errors.ts';
import { TWO_FACTOR_TEXT } from '@escrow/shared/schemas/two-factor';
import { recordAudit } from '../audit/index.ts';
import { savedLanguageOf, type TokenService, type UserRow } from '../auth/index.ts';
import type { TwoFactorDeps } from './two-factor.deps.ts';
import { notEnabled } from './two-factor.errors.ts';
import { sendSecurityMail, twoFactorResetMail } from './two-factor.mails.ts';
import * as repo from './two-factor.repository.ts';

export type StaffResetDeps = Pick<TwoFactorDeps, 'db' | 'clock' | 'config' | 'log' | 'mailer'> & {
  tokens: Pick<TokenService, 'clearTwoFactorVerified' | 'invalidateUser'>;
};

/**
 * Lost phone and recovery codes: staff remove the user's two-factor sign-in after checking their identity
 * (POST /admin/users/{id}/two-factor/reset, ADMIN). Settings, recovery codes and open challenges go and
 * no session of the user counts as verified, in one database transaction with the audit row (the reason
 * in it); the user is told by e-mail. Nobody resets their own: another administrator does. 409 when it
 * is not on.
 */
export async function resetTwoFactor(
  deps: StaffResetDeps,
  staff: { id: string; requestId: string },
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  reason: string,
): Promise<void> {
  if (user.id === staff.id) throw forbidden(TWO_FACTOR_TEXT.cannotResetOwn);
  const now = deps.clock.now();
  // The mail goes after commit, in the user's saved language (read here, with the change).
  const language = await deps.db.transaction(async (tx) => {
    if (!(await repo.removeTwoFactor(tx, user.id))) throw notEnabled();
    await deps.tokens.clearTwoFactorVerified(user.id, tx);
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'user.two_factor_reset',
      targetType: 'user',
      targetId: user.id,
      summary: { before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false, reason } },
      requestId: staff.requestId,
      at: now,
    });
    return savedLanguageOf(tx, user.id);
  });
  deps.tokens.invalidateUser(user.id);
  sendSecurityMail(
    deps,
    twoFactorResetMail({
      to: user.email,
      firstName: user.firstName,
      supportEmail: deps.config.SUPPORT_EMAIL,
      language,
    }),
  );
}
