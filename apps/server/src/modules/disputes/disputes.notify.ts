import { SERVER_EVENTS, type DisputeUpdatedPayload } from '@escrow/shared/events';
import type { DisputeRow } from '../../db/schema/disputes.ts';
import { composeMail } from '../../lib/mail-compose.ts';
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

/** E-mails after commit, best-effort: a failure is logged, never turned into a failed request. */
export function mailDisputeParties(
  deps: Pick<DisputesDeps, 'mailer' | 'log' | 'config'>,
  dispute: DisputeRow,
  recipients: (Person | undefined)[],
  subject: string,
  paragraphs: string[],
) {
  const link = { href: `${deps.config.publicUrl}/app/disputes/${dispute.id}`, label: 'Open the dispute' };
  for (const person of recipients) {
    if (!person) continue;
    const mail = composeMail(person.email, subject, [`Hello ${person.firstName},`, ...paragraphs], link);
    deps.mailer.send(mail).catch((error: unknown) => {
      deps.log.warn({ err: error, disputeId: dispute.id }, 'dispute e-mail not sent');
    });
  }
}
