import type { Tx } from '../../db/client.ts';
import type { TransactionRow } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { translate, type Language } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-compose.ts';
import type { Mail } from '../../lib/mailer.ts';
import { userContactsOf } from '../auth/index.ts';
import { pushNotification, type NotificationView } from '../notifications/index.ts';
import type { TransactionsDeps } from './transactions.deps.ts';

/**
 * What an e-mail to a party needs (read inside the step's database transaction): the language is their
 * saved one (docs/languages.md), English when they have none.
 */
export type Contact = { id: string; email: string; firstName: string; language: Language };

export type MailDeps = Pick<TransactionsDeps, 'mailer' | 'log' | 'config'>;

/** '24 Nov 2026, 14:05' in Lagos time: the date users see in notifications and e-mails. */
export const lagosDate = (at: Date) =>
  at.toLocaleString('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' });

export async function contactsOf(tx: Tx, ids: (string | null)[]): Promise<Map<string, Contact>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await userContactsOf(tx, wanted);
  return new Map(rows.map((row) => [row.id, row]));
}

const transactionLink = (deps: MailDeps, transactionId: string, language: Language) => ({
  href: `${deps.config.publicUrl}/app/transactions/${transactionId}`,
  label: translate(language, msg('Open the transaction')),
});

/**
 * The buyer's reminder before the automatic release, in the buyer's language: `message` is the in-app
 * notification's, already written in it (createNotification writes it in the recipient's language).
 */
export function reminderMail(
  deps: MailDeps,
  row: TransactionRow,
  buyer: Contact,
  hours: number,
  message: string,
): Mail {
  const { language } = buyer;
  return composeMail(
    buyer.email,
    translate(language, msg('Payment for "{description}" will be released in {hours} hours'), {
      description: row.description,
      hours,
    }),
    [translate(language, msg('Hello {firstName},'), { firstName: buyer.firstName }), message],
    transactionLink(deps, row.id, language),
    language,
  );
}

/** After commit, best-effort: a failed e-mail is logged, never undoes or fails the committed change. */
export function sendMails(deps: MailDeps, mails: Mail[], transactionId: string): void {
  for (const mail of mails)
    Promise.resolve()
      .then(() => deps.mailer.send(mail))
      .catch((error: unknown) => {
        deps.log.warn({ err: error, transactionId }, 'transaction e-mail not sent');
      });
}

/**
 * After commit, best-effort: a release reminder pushed live to the buyer and e-mailed (the one-off
 * inspection window's and each milestone's).
 */
export function announceReminder(
  deps: MailDeps & Pick<TransactionsDeps, 'realtime'>,
  sent: { row: TransactionRow; note: NotificationView; buyer: Contact | undefined },
  hours: number,
): void {
  const { row, note, buyer } = sent;
  try {
    pushNotification(deps.realtime, note);
  } catch (error) {
    deps.log.error({ err: error, transactionId: row.id }, 'could not announce a reminder');
  }
  if (buyer) sendMails(deps, [reminderMail(deps, row, buyer, hours, note.message)], row.id);
}
