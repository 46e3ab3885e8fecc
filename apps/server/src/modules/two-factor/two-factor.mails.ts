import type { FastifyBaseLogger } from 'fastify';
import { msg } from '@escrow/shared/i18n/msg';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';
import { composeMail, PRODUCT_NAME } from '../../lib/mail-compose.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';

/** Who a mail goes to, and the language they read (their saved one: docs/languages.md). */
type Person = { to: string; firstName: string; supportEmail: string; language: Language };

/**
 * After commit, best-effort: a failure is logged, never turned into a failed request. The mails name
 * what happened and where to turn; they never carry a code or the secret.
 */
export function sendSecurityMail(deps: { mailer: Mailer; log: FastifyBaseLogger }, mail: Mail): void {
  deps.mailer.send(mail).catch((error: unknown) => {
    deps.log.warn({ err: error, subject: mail.subject }, 'two-factor e-mail not sent');
  });
}

/** One mail in the recipient's language: each sentence is one message, `{product}` the product's name. */
function securityMail(
  input: Person,
  subject: string,
  paragraphs: (string | [string, MessageParams])[],
): Mail {
  const write = (id: string, params: MessageParams = {}) =>
    translate(input.language, id, { product: PRODUCT_NAME, supportEmail: input.supportEmail, ...params });
  return composeMail(
    input.to,
    write(subject),
    [
      write(msg('Hello {firstName},'), { firstName: input.firstName }),
      ...paragraphs.map((p) => (typeof p === 'string' ? write(p) : write(p[0], p[1]))),
    ],
    undefined,
    input.language,
  );
}

export function twoFactorEnabledMail(input: Person): Mail {
  return securityMail(input, msg('Two-factor sign-in is on for your {product} account'), [
    msg(
      'Two-factor sign-in was turned on for your {product} account. From now on, signing in, withdrawing money and changing bank accounts ask for a code from your authenticator app.',
    ),
    msg('Keep your recovery codes somewhere safe: each one works once if you lose your phone.'),
    msg('If you did not do this, contact {supportEmail} at once.'),
  ]);
}

export function twoFactorDisabledMail(input: Person): Mail {
  return securityMail(input, msg('Two-factor sign-in is off for your {product} account'), [
    msg(
      'Two-factor sign-in was turned off for your {product} account. Signing in now needs only your password.',
    ),
    msg('If you did not do this, change your password and contact {supportEmail} at once.'),
  ]);
}

export function recoveryCodesRenewedMail(input: Person): Mail {
  return securityMail(input, msg('New recovery codes for your {product} account'), [
    msg('New recovery codes were made for your {product} account; the old ones no longer work.'),
    msg('If you did not do this, change your password and contact {supportEmail} at once.'),
  ]);
}

export function recoveryCodeUsedMail(input: Person & { left: number }): Mail {
  return securityMail(input, msg('A recovery code was used on your {product} account'), [
    [
      msg(
        'One of your recovery codes was just used on your {product} account instead of a code from your authenticator app. It will not work again; {left} of your recovery codes are left.',
      ),
      { left: input.left },
    ],
    msg(
      'If your phone is lost, make new recovery codes or turn two-factor sign-in off and on again with a new phone from your profile (Security).',
    ),
    msg('If you did not do this, change your password and contact {supportEmail} at once.'),
  ]);
}

export function twoFactorResetMail(input: Person): Mail {
  return securityMail(input, msg('Two-factor sign-in was reset on your {product} account'), [
    msg(
      'Our support team reset two-factor sign-in on your {product} account after checking your identity. You can sign in with your password and turn it on again from your profile (Security).',
    ),
    msg('If you did not ask for this, contact {supportEmail} at once.'),
  ]);
}
