import { composeMail, PRODUCT_NAME } from '../../lib/mail-compose.ts';
import type { Mail } from '../../lib/mailer.ts';

const PRODUCT = PRODUCT_NAME;
const compose = composeMail;

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
  ttlMinutes: number;
}): Mail {
  return compose(
    input.to,
    `Reset your ${PRODUCT} password`,
    [
      `Hello ${input.firstName},`,
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT} account. Open the link below to choose a new password. It works once and expires in ${input.ttlMinutes} minutes.`,
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ],
    { href: input.link, label: 'Choose a new password' },
  );
}

/** Sent to the OLD address, so an account taken over through a stolen session does not go unnoticed. */
export function emailChangedMail(input: {
  to: string;
  firstName: string;
  newEmail: string;
  supportEmail: string;
}): Mail {
  return compose(input.to, `Your ${PRODUCT} e-mail address was changed`, [
    `Hello ${input.firstName},`,
    `The e-mail address of your ${PRODUCT} account was changed to ${input.newEmail}. From now on we write to that address.`,
    `If you did not make this change, contact ${input.supportEmail} at once.`,
  ]);
}

export function passwordChangedMail(input: { to: string; firstName: string; supportEmail: string }): Mail {
  return compose(input.to, `Your ${PRODUCT} password was changed`, [
    `Hello ${input.firstName},`,
    `The password of your ${PRODUCT} account was just changed and your other sessions were signed out.`,
    `If you did not make this change, reset your password and contact ${input.supportEmail} at once.`,
  ]);
}

/**
 * Sent once per throttling window when an account collects many failed sign-ins from anywhere. The
 * owner can still sign in (failures only slow the account down); this tells them to look.
 */
export function signInAttemptsMail(input: {
  to: string;
  firstName: string;
  failures: number;
  windowMinutes: number;
  supportEmail: string;
}): Mail {
  return compose(input.to, `Someone is trying to sign in to your ${PRODUCT} account`, [
    `Hello ${input.firstName},`,
    `There were ${input.failures} failed attempts to sign in to your ${PRODUCT} account in the last ${input.windowMinutes} minutes. You can still sign in as usual; further attempts are slowed down.`,
    'If this was not you, your password has held. To be safe, choose a new one from your profile (Security) or with the reset link on the sign-in page.',
    `If you think someone knows your password, contact ${input.supportEmail} at once.`,
  ]);
}
