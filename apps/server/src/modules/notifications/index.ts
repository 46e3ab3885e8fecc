/** Notification rows: written inside the change they announce; the routes list and mark them. */
export {
  createNotification,
  toNotificationView,
  type NotificationInput,
  type NotificationView,
} from './notifications.service.ts';
export { notificationsRoutes, type NotificationsDeps } from './notifications.routes.ts';
export { turnOffTextChannels } from './notifications.preferences.ts';
export type { QueueTextMessages, TextMessageRequest } from './notifications.delivery.ts';
export { pushNotification } from './notifications.push.ts';
export { forgetClosedPartyInNotifications } from './notifications.closed-party.ts';
export { notificationsForExport } from './notifications.export.ts';
