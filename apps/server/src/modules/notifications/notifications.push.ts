import { SERVER_EVENTS } from '@escrow/shared/events';
import type { NotificationType } from '@escrow/shared/schemas/notifications';
import type { Realtime } from '../../lib/realtime.ts';
import type { NotificationView } from './notifications.service.ts';

const TYPED_EVENT: Record<NotificationType, string | null> = {
  TRANSACTION_UPDATE: SERVER_EVENTS.transactionUpdate,
  PAYMENT: SERVER_EVENTS.paymentUpdate,
  MESSAGE: SERVER_EVENTS.messageNotification,
  SHIPPING: SERVER_EVENTS.shippingUpdate,
  SYSTEM: SERVER_EVENTS.systemNotification,
  DISPUTE: null,
};

/**
 * Pushes a committed notification to its user (docs/product.md "Notifications"): the typed event of its type
 * and `notification`, which the app listens to. Best-effort, after commit.
 */
export function pushNotification(realtime: Pick<Realtime, 'toUser'>, note: NotificationView): void {
  const typed = TYPED_EVENT[note.type];
  if (typed) realtime.toUser(note.userId, typed, note);
  realtime.toUser(note.userId, SERVER_EVENTS.notification, note);
}
