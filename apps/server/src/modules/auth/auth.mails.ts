import { msg } from '@escrow/shared/i18n/msg';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';
import { composeMail, PRODUCT_NAME } from '../../lib/mail-compose.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * The account's security mails, each written in its recipient's saved `language` (docs/languages.md):
 * every sentence is one message, `{product}` is the product's name.
 */
const write = (language: Language, id: string, params: MessageParams = {}) =>
  translate(language, id, { product: PRODUCT_NAME, ...params });

const HELLO = msg('Hello {firstName},');

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
  ttlMinutes: number;
  language: Language;
}): Mail {
  const { language } = input;
  return composeMail(
    input.to,
    write(language, msg('Reset your {product} password')),
    [
      write(language, HELLO, { firstName: input.firstName }),
      write(
        language,
        msg(
          'Someone (hopefully you) asked to reset the password of your {product} account. Open the link below to choose a new password. It works once and expires in {ttlMinutes} minutes.',
        ),
        { ttlMinutes: input.ttlMinutes },
      ),
      write(language, msg('If you did not ask for this, ignore this e-mail: your password stays the same.')),
    ],
    { href: input.link, label: write(language, msg('Choose a new password')) },
    language,
  );
}

/** Sent to the OLD address, so an account taken over through a stolen session does not go unnoticed. */
export function emailChangedMail(input: {
  to: string;
  firstName: string;
  newEmail: string;
  supportEmail: string;
  language: Language;
}): Mail {
  const { language } = input;
  return composeMail(
    input.to,
    write(language, msg('Your {product} e-mail address was changed')),
    [
      write(language, HELLO, { firstName: input.firstName }),
      write(
        language,
        msg(
          'The e-mail address of your {product} account was changed to {newEmail}. From now on we write to that address.',
        ),
        { newEmail: input.newEmail },
      ),
      write(language, msg('If you did not make this change, contact {supportEmail} at once.'), {
        supportEmail: input.supportEmail,
      }),
    ],
    undefined,
    language,
  );
}

export function passwordChangedMail(input: {
  to: string;
  firstName: string;
  supportEmail: string;
  language: Language;
}): Mail {
  const { language } = input;
  return composeMail(
    input.to,
    write(language, msg('Your {product} password was changed')),
    [
      write(language, HELLO, { firstName: input.firstName }),
      write(
        language,
        msg(
          'The password of your {product} account was just changed and your other sessions were signed out.',
        ),
      ),
      write(
        language,
        msg('If you did not make this change, reset your password and contact {supportEmail} at once.'),
        { supportEmail: input.supportEmail },
      ),
    ],
    undefined,
    language,
  );
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
  language: Language;
}): Mail {
  const { language } = input;
  return composeMail(
    input.to,
    write(language, msg('Someone is trying to sign in to your {product} account')),
    [
      write(language, HELLO, { firstName: input.firstName }),
      write(
        language,
        msg(
          'There were {failures} failed attempts to sign in to your {product} account in the last {windowMinutes} minutes. You can still sign in as usual; further attempts are slowed down.',
        ),
        { failures: input.failures, windowMinutes: input.windowMinutes },
      ),
      write(
        language,
        msg(
          'If this was not you, your password has held. To be safe, choose a new one from your profile (Security) or with the reset link on the sign-in page.',
        ),
      ),
      write(language, msg('If you think someone knows your password, contact {supportEmail} at once.'), {
        supportEmail: input.supportEmail,
      }),
    ],
    undefined,
    language,
  );
}
