import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { translate } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-compose.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { userNameAndEmailOf } from '../auth/index.ts';

export type MailNoticeDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
};

type MailedNotification = {
  id: string;
  userId: string;
  transactionId: string | null;
  title: string;
  message: string;
};

/**
 * After commit, best-effort: a notification whose recipient chose e-mail for its category
 * (notifications.delivery.ts decides) goes by e-mail, through the mailer's outbox or SMTP. A failure is
 * logged, never thrown: the step it reports has committed.
 */
export function emailNotice(deps: MailNoticeDeps, note: MailedNotification): void {
  void send(deps, note).catch((error: unknown) =>
    deps.log.warn(
      { err: error, notification: note.id, transactionId: note.transactionId },
      'notification e-mail not sent',
    ),
  );
}

async function send(deps: MailNoticeDeps, note: MailedNotification) {
  const person = await userNameAndEmailOf(deps.db, note.userId);
  if (!person) return;
  // The title and message arrive written in the recipient's language (createNotification did it); the
  // greeting and the link's label are written in it here.
  const { language } = person;
  const link = note.transactionId
    ? {
        href: `${deps.config.publicUrl}/app/transactions/${note.transactionId}`,
        label: translate(language, msg('Open the transaction')),
      }
    : undefined;
  const hello = translate(language, msg('Hello {firstName},'), { firstName: person.firstName });
  await deps.mailer.send(composeMail(person.email, note.title, [hello, note.message], link, language));
}
