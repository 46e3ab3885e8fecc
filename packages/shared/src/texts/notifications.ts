/**
 * Notification texts, without zod: screens import them from here, so a page that only
 * shows them does not download zod with the notification schemas (schemas/notifications.ts re-exports
 * them for the server).
 */
import type { NotificationChannel, NotificationPreferenceId } from '../domain/notifications.ts';
import { msg } from '../i18n/msg.ts';

export const NOTIFICATION_PREFERENCE_META: Record<
  NotificationPreferenceId,
  { label: string; description: string }
> = {
  transaction_updates: {
    label: msg('Transaction updates'),
    description: msg('A counterparty joins, a status changes, a condition is met'),
  },
  payment_alerts: {
    label: msg('Payment alerts'),
    description: msg('Payments into escrow, releases, refunds, withdrawals'),
  },
  message_notifications: {
    label: msg('Message notifications'),
    description: msg('New messages from the other party'),
  },
  shipping_updates: { label: msg('Shipping updates'), description: msg('Delivery details and shipment') },
  system_alerts: { label: msg('System alerts'), description: msg('Account and security notices') },
};

export const NOTIFICATION_TEXT = {
  refreshed: msg('Notifications refreshed'),
  settingUpdated: msg('Notification setting updated'),
  unavailable: msg('Notification system not available'),
} as const;

/** The channels beside in-app, as the settings name them. */
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: msg('E-mail'),
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

export const NOTIFICATION_CHANNEL_TEXT = {
  inApp: msg('In-app'),
  channelsOf: (category: string) => `${category}: also send by`,
  /** {category}: the category's label. */
  channelsOfMessage: msg('{category}: also send by'),
  channelUpdated: msg('Channels updated'),
} as const;
