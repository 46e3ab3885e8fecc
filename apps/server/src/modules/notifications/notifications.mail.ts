import { inArray } from 'drizzle-orm';
import { interrupts, DEFAULT_NOTIFICATION_PREFERENCES } from '@escrow/shared/schemas/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { composeMail } from '../../lib/mail-compose.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { NotificationView } from './notifications.service.ts';

export type MailNoticeDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
};

/** Money events (DESIGN "Notifications"): payments into escrow, releases, refunds, shipment. */
const EMAILED_TYPES = new Set(['PAYMENT', 'SHIPPING']);

/**
 * After commit, best-effort: the money notifications of a step also go by e-mail (through the mailer's
 * outbox or SMTP), unless the recipient turned that category off. A failure is logged, never thrown.
 */
export function emailNotices(deps: MailNoticeDeps, notes: NotificationView[]): void {
  const due = notes.filter((note) => EMAILED_TYPES.has(note.type));
  if (!due.length) return;
  void send(deps, due).catch((error: unknown) =>
    deps.log.warn(
      {
        err: error,
        notifications: due.map((n) => n.id),
        transactionIds: [...new Set(due.map((n) => n.transactionId))],
      },
      'notification e-mails not sent',
    ),
  );
}

async function send(deps: MailNoticeDeps, notes: NotificationView[]) {
  const ids = [...new Set(notes.map((n) => n.userId))];
  const [people, preferences] = await Promise.all([
    deps.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(inArray(users.id, ids)),
    deps.db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, ids)),
  ]);
  for (const note of notes) {
    const person = people.find((p) => p.id === note.userId);
    const stored = preferences.find((p) => p.userId === note.userId)?.preferences ?? {};
    if (!person || !interrupts(note, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...stored })) continue;
    const link = note.transactionId
      ? {
          href: `${deps.config.publicUrl}/app/transactions/${note.transactionId}`,
          label: 'Open the transaction',
        }
      : undefined;
    await deps.mailer.send(
      composeMail(person.email, note.title, [`Hello ${person.firstName},`, note.message], link),
    );
  }
}
