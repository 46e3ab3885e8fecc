/**
 * Notifications (docs/product.md "Notifications"): the types, priorities and the five
 * categories a user may mute, and the rules on them (which category, whether a notification may
 * interrupt, how long its toast shows). Pure and zod-free: the live events of every signed-in page use
 * them, and must not download zod with schemas/notifications.ts (which re-exports them for the server).
 */
export const NOTIFICATION_TYPES = [
  'TRANSACTION_UPDATE',
  'PAYMENT',
  'MESSAGE',
  'SHIPPING',
  'SYSTEM',
  'DISPUTE',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** The five preference ids, all on by default. */
export const NOTIFICATION_PREFERENCE_IDS = [
  'transaction_updates',
  'payment_alerts',
  'message_notifications',
  'shipping_updates',
  'system_alerts',
] as const;
export type NotificationPreferenceId = (typeof NOTIFICATION_PREFERENCE_IDS)[number];
export type NotificationPreferences = Record<NotificationPreferenceId, boolean>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  transaction_updates: true,
  payment_alerts: true,
  message_notifications: true,
  shipping_updates: true,
  system_alerts: true,
};

export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/**
 * The category a notification type belongs to; null for disputes, which are always sent (a muted
 * category still keeps its row in the list, and dispute events and deadlines are never muted).
 */
export function preferenceFor(type: NotificationType): NotificationPreferenceId | null {
  switch (type) {
    case 'TRANSACTION_UPDATE':
      return 'transaction_updates';
    case 'PAYMENT':
      return 'payment_alerts';
    case 'MESSAGE':
      return 'message_notifications';
    case 'SHIPPING':
      return 'shipping_updates';
    case 'SYSTEM':
      return 'system_alerts';
    case 'DISPUTE':
      return null;
  }
}

/**
 * Whether a pushed notification may interrupt the user (toast, browser notification, e-mail): its
 * category is on, or it is a deadline (metadata.actionRequired with a deadline) or a dispute event.
 */
export function interrupts(
  note: { type: NotificationType; metadata?: Record<string, unknown> },
  preferences: NotificationPreferences,
): boolean {
  const category = preferenceFor(note.type);
  if (category === null) return true;
  if (note.metadata?.autoReleaseAt && note.metadata.actionRequired) return true;
  return preferences[category];
}

/** Toast duration by priority: URGENT 8 s, HIGH 6 s, MEDIUM 4 s, otherwise 3 s. */
export function toastDurationMs(priority: NotificationPriority | string): number {
  return priority === 'URGENT' ? 8000 : priority === 'HIGH' ? 6000 : priority === 'MEDIUM' ? 4000 : 3000;
}

/**
 * The channels a notification may also go out on, beside in-app (always): chosen per category of the
 * five preferences, kept apart from the preference booleans, which keep their meaning (a
 * category turned off interrupts on no channel). SMS and WhatsApp need a verified phone.
 */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationChannels = Record<NotificationPreferenceId, ChannelChoice>;
const off: ChannelChoice = { email: false, sms: false, whatsapp: false };
/** E-mail for money and shipping, as before channels existed; text messages only when chosen. */
export const DEFAULT_NOTIFICATION_CHANNELS: NotificationChannels = {
  transaction_updates: off,
  payment_alerts: { ...off, email: true },
  message_notifications: off,
  shipping_updates: { ...off, email: true },
  system_alerts: off,
};

/** Dispute events have no category to mute; they go out on the channels chosen for transaction updates. */
export function channelCategoryFor(type: NotificationType): NotificationPreferenceId {
  return preferenceFor(type) ?? 'transaction_updates';
}

/** Stored choices over the defaults, category by category and channel by channel. */
export function resolveChannels(
  stored: Partial<Record<NotificationPreferenceId, Partial<ChannelChoice>>>,
): NotificationChannels {
  return Object.fromEntries(
    NOTIFICATION_PREFERENCE_IDS.map((id) => [
      id,
      { ...DEFAULT_NOTIFICATION_CHANNELS[id], ...(stored[id] ?? {}) },
    ]),
  ) as NotificationChannels;
}
