import { eq } from 'drizzle-orm';
import {
  channelCategoryFor,
  DEFAULT_NOTIFICATION_PREFERENCES,
  interrupts,
  resolveChannels,
  type NotificationType,
} from '@escrow/shared/schemas/notifications';
import type { MessageChannel } from '@escrow/shared/schemas/phone';
import { afterCommit, trackCommits, trackedRootOf } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { emailNotice, type MailNoticeDeps } from './notifications.mail.ts';

/** What a notification asks of the text-message outbox: its recipient, what it says, the channels chosen. */
export type TextMessageRequest = {
  userId: string;
  notificationId: string;
  transactionId: string | null;
  title: string;
  channels: MessageChannel[];
};

/**
 * Writes the text messages of one notification inside the caller's database transaction (the phone
 * module's outbox: nothing for a recipient without a verified phone). Passed in by the app wiring, so
 * this module never reads the phone module's tables.
 */
export type QueueTextMessages = (tx: Tx, request: TextMessageRequest) => Promise<void>;

/** The notification just written, as far as its delivery needs it. */
type WrittenNotification = {
  id: string;
  userId: string;
  transactionId: string | null;
  type: NotificationType;
  title: string;
  message: string;
  metadata: Record<string, unknown>;
};

type Channels = { queue: QueueTextMessages; mail: MailNoticeDeps };
const registered = new WeakMap<object, Channels>();

/**
 * The composition root's hook: notifications written through `db` (the app's root handle) also go out
 * on the channels their recipients chose (e-mail after commit, SMS and WhatsApp through the outbox).
 * `createNotification` is handed only the transaction, so the transaction is traced back to its root
 * (db/after-commit.ts).
 */
export function deliverNotificationsOnChannels(
  db: Db,
  channels: Channels,
  onError: (error: unknown) => void,
): void {
  trackCommits(db, onError);
  registered.set(db, channels);
}

/**
 * For one notification just written: its recipient's choices for its category (one lookup by primary
 * key). Nothing goes out when the category is muted (`interrupts`: disputes and deadlines always go).
 * E-mail is sent after commit, best-effort; SMS and WhatsApp rows are written in the same transaction
 * as the notification and the change it reports, and sent by the outbox (never blocking the step).
 */
export async function deliverOnChosenChannels(tx: Tx, note: WrittenNotification): Promise<void> {
  const root = trackedRootOf(tx);
  const channels = root ? registered.get(root) : undefined;
  if (!channels) return;
  const [row] = await tx
    .select({ preferences: notificationPreferences.preferences, channels: notificationPreferences.channels })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, note.userId));
  if (!interrupts(note, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row?.preferences ?? {}) })) return;
  const choice = resolveChannels(row?.channels ?? {})[channelCategoryFor(note.type)];
  if (choice.email) afterCommit(tx, () => emailNotice(channels.mail, note));
  const texts: MessageChannel[] = [];
  if (choice.sms) texts.push('SMS');
  if (choice.whatsapp) texts.push('WHATSAPP');
  if (texts.length === 0) return;
  await channels.queue(tx, {
    userId: note.userId,
    notificationId: note.id,
    transactionId: note.transactionId,
    title: note.title,
    channels: texts,
  });
}
