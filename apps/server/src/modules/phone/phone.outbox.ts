import { eq } from 'drizzle-orm';
import { smsMessages, verifiedPhones } from '../../db/schema/phone.ts';
import type { QueueTextMessages } from '../notifications/index.ts';
import type { PhoneDeps } from './phone.deps.ts';

/** One SMS part: a longer text is billed (and may arrive) as several. */
export const TEXT_MESSAGE_MAX_LENGTH = 160;
const PREFIX = 'Amana: ';

/**
 * The text of a notification by SMS or WhatsApp (docs/security.md "Text messages"): the notification's
 * title and a link to its transaction, never its message. Titles name the event ('Payment secured in
 * escrow'), never an amount or the other party's details; whatever else there is to know is behind the
 * link, after sign-in. The title arrives in the recipient's language (createNotification writes it so). A
 * title too long for one SMS part is shortened, the link kept.
 */
export function textMessageBody(
  note: { title: string; transactionId: string | null },
  publicUrl: string,
): string {
  const link = note.transactionId ? ` ${publicUrl}/app/transactions/${note.transactionId}` : '';
  const room = TEXT_MESSAGE_MAX_LENGTH - PREFIX.length - link.length;
  const title =
    note.title.length <= room ? note.title : `${note.title.slice(0, Math.max(0, room - 3)).trimEnd()}...`;
  return `${PREFIX}${title}${link}`;
}

/**
 * The outbox writer the notifications module calls for a notification whose recipient chose SMS or
 * WhatsApp: inside the notification's database transaction, one PENDING row per channel, due now, to
 * the recipient's verified phone; nothing without one. The scheduler sends them (phone.delivery.ts), so
 * a provider that is down never blocks or fails the step that wrote them.
 */
export function textMessageOutbox(deps: Pick<PhoneDeps, 'clock' | 'config'>): QueueTextMessages {
  return async (tx, request) => {
    const [verified] = await tx
      .select({ phone: verifiedPhones.phone })
      .from(verifiedPhones)
      .where(eq(verifiedPhones.userId, request.userId));
    if (!verified || request.channels.length === 0) return;
    const now = deps.clock.now();
    const body = textMessageBody(request, deps.config.publicUrl);
    await tx.insert(smsMessages).values(
      request.channels.map((channel) => ({
        userId: request.userId,
        notificationId: request.notificationId,
        channel,
        toPhone: verified.phone,
        body,
        status: 'PENDING' as const,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
  };
}
