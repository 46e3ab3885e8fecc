/** Notification rows: written inside the change they announce; the routes list and mark them. */
export {
  createNotification,
  toNotificationView,
  type NotificationInput,
  type NotificationView,
} from './notifications.service.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { pushNotification } from './notifications.push.ts';
export { emailNotices, type MailNoticeDeps } from './notifications.mail.ts';
export { forgetClosedPartyInNotifications } from './notifications.closed-party.ts';
export { notificationsForExport } from './notifications.export.ts';
