import { SERVER_EVENTS, type DisputeUpdatedPayload } from '@escrow/shared/events';
import type { DisputeRow } from '../../db/schema/disputes.ts';
import { translate, type MessageParams } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-compose.ts';
import { savedLanguageOf } from '../auth/index.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { pushNotification, type NotificationView } from '../notifications/index.ts';
import type { DisputesDeps } from './disputes.deps.ts';
import type { Person } from './disputes.repository.ts';

/**
 * After commit: `dispute:updated` to both parties' user rooms (unless only staff may know, e.g. an
 * internal note) and the staff room, plus a `notification` event per notification written. A failed
 * emit is logged; the change is committed.
 */
export function announceDispute(
  deps: Pick<DisputesDeps, 'realtime' | 'log'>,
  dispute: DisputeRow,
  options: { staffOnly?: boolean; notes?: NotificationView[] } = {},
) {
  try {
    const payload: DisputeUpdatedPayload = {
      disputeId: dispute.id,
      transactionId: dispute.transactionId,
      status: dispute.status,
    };
    if (!options.staffOnly)
      for (const userId of [dispute.raisedById, dispute.accusedId])
        deps.realtime.toUser(userId, SERVER_EVENTS.disputeUpdated, payload);
    deps.realtime.toStaff(SERVER_EVENTS.disputeUpdated, payload);
    for (const note of options.notes ?? []) pushNotification(deps.realtime, note);
  } catch (error) {
    deps.log.error({ err: error, disputeId: dispute.id }, 'could not announce a dispute change');
  }
}

/** A dispute e-mail as message ids (ICU) sharing `params`: each recipient reads it in their language. */
export type DisputeMail = { subject: string; paragraphs: string[]; params?: MessageParams };

const HELLO = msg('Hello {firstName},');
const OPEN_THE_DISPUTE = msg('Open the dispute');

/**
 * E-mails after commit, best-effort: a failure is logged, never turned into a failed request. Each
 * recipient's is written in their saved language.
 */
export function mailDisputeParties(
  deps: Pick<DisputesDeps, 'db' | 'mailer' | 'log' | 'config'>,
  dispute: DisputeRow,
  recipients: (Person | undefined)[],
  mail: DisputeMail,
) {
  const href = `${deps.config.publicUrl}/app/disputes/${dispute.id}`;
  for (const person of recipients) {
    if (!person) continue;
    const send = async () => {
      const language = await savedLanguageOf(deps.db, person.id);
      const write = (id: string, params?: MessageParams) => translate(language, id, params);
      await deps.mailer.send(
        composeMail(
          person.email,
          write(mail.subject, mail.params),
          [
            write(HELLO, { firstName: person.firstName }),
            ...mail.paragraphs.map((p) => write(p, mail.params)),
          ],
          { href, label: write(OPEN_THE_DISPUTE) },
          language,
        ),
      );
    };
    send().catch((error: unknown) => {
      deps.log.warn({ err: error, disputeId: dispute.id }, 'dispute e-mail not sent');
    });
  }
}
