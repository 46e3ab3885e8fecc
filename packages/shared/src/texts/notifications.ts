/**
 * Notification texts, without zod: screens import them from here, so a page that only
 * shows them does not download zod with the notification schemas (schemas/notifications.ts re-exports
 * them for the server).
 */
import type { NotificationChannel, NotificationPreferenceId } from '../domain/notifications.ts';

export const NOTIFICATION_PREFERENCE_META: Record<
  NotificationPreferenceId,
  { label: string; description: string }
> = {
  transaction_updates: {
    label: 'Transaction updates',
    description: 'A counterparty joins, a status changes, a condition is met',
  },
  payment_alerts: {
    label: 'Payment alerts',
    description: 'Payments into escrow, releases, refunds, withdrawals',
  },
  message_notifications: { label: 'Message notifications', description: 'New messages from the other party' },
  shipping_updates: { label: 'Shipping updates', description: 'Delivery details and shipment' },
  system_alerts: { label: 'System alerts', description: 'Account and security notices' },
};

export const NOTIFICATION_TEXT = {
  refreshed: 'Notifications refreshed',
  settingUpdated: 'Notification setting updated',
  unavailable: 'Notification system not available',
} as const;

/** The channels beside in-app, as the settings name them. */
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

export const NOTIFICATION_CHANNEL_TEXT = {
  inApp: 'In-app',
  channelsOf: (category: string) => `${category}: also send by`,
  channelUpdated: 'Channels updated',
} as const;
