import type { FastifyBaseLogger } from 'fastify';
import { composeMail, PRODUCT_NAME } from '../../lib/mail-compose.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';

const PRODUCT = PRODUCT_NAME;
type Person = { to: string; firstName: string; supportEmail: string };

/**
 * After commit, best-effort: a failure is logged, never turned into a failed request. The mails name
 * what happened and where to turn; they never carry a code or the secret.
 */
export function sendSecurityMail(deps: { mailer: Mailer; log: FastifyBaseLogger }, mail: Mail): void {
  deps.mailer.send(mail).catch((error: unknown) => {
    deps.log.warn({ err: error, subject: mail.subject }, 'two-factor e-mail not sent');
  });
}

export function twoFactorEnabledMail(input: Person): Mail {
  return composeMail(input.to, `Two-factor sign-in is on for your ${PRODUCT} account`, [
    `Hello ${input.firstName},`,
    `Two-factor sign-in was turned on for your ${PRODUCT} account. From now on, signing in, withdrawing money and changing bank accounts ask for a code from your authenticator app.`,
    'Keep your recovery codes somewhere safe: each one works once if you lose your phone.',
    `If you did not do this, contact ${input.supportEmail} at once.`,
  ]);
}

export function twoFactorDisabledMail(input: Person): Mail {
  return composeMail(input.to, `Two-factor sign-in is off for your ${PRODUCT} account`, [
    `Hello ${input.firstName},`,
    `Two-factor sign-in was turned off for your ${PRODUCT} account. Signing in now needs only your password.`,
    `If you did not do this, change your password and contact ${input.supportEmail} at once.`,
  ]);
}

export function recoveryCodesRenewedMail(input: Person): Mail {
  return composeMail(input.to, `New recovery codes for your ${PRODUCT} account`, [
    `Hello ${input.firstName},`,
    `New recovery codes were made for your ${PRODUCT} account; the old ones no longer work.`,
    `If you did not do this, change your password and contact ${input.supportEmail} at once.`,
  ]);
}

export function recoveryCodeUsedMail(input: Person & { left: number }): Mail {
  return composeMail(input.to, `A recovery code was used on your ${PRODUCT} account`, [
    `Hello ${input.firstName},`,
    `One of your recovery codes was just used on your ${PRODUCT} account instead of a code from your authenticator app. It will not work again; ${input.left} of your recovery codes are left.`,
    'If your phone is lost, make new recovery codes or turn two-factor sign-in off and on again with a new phone from your profile (Security).',
    `If you did not do this, change your password and contact ${input.supportEmail} at once.`,
  ]);
}

export function twoFactorResetMail(input: Person): Mail {
  return composeMail(input.to, `Two-factor sign-in was reset on your ${PRODUCT} account`, [
    `Hello ${input.firstName},`,
    `Our support team reset two-factor sign-in on your ${PRODUCT} account after checking your identity. You can sign in with your password and turn it on again from your profile (Security).`,
    `If you did not ask for this, contact ${input.supportEmail} at once.`,
  ]);
}
