import { z } from 'zod';

/**
 * Notifications (spec 02 §3, §4, §7; DESIGN "Notifications"): rows written with the event they report,
 * pushed live after commit, listed and marked by their owner, with five categories a user may mute.
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

/** The five preference ids of spec 02 §3, all on by default. */
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

/**
 * The category a notification type belongs to; null for disputes, which are always sent (DESIGN: a muted
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

/** Toast duration by priority (spec 02 §9): URGENT 8 s, HIGH 6 s, MEDIUM 4 s, otherwise 3 s. */
export function toastDurationMs(priority: NotificationPriority | string): number {
  return priority === 'URGENT' ? 8000 : priority === 'HIGH' ? 6000 : priority === 'MEDIUM' ? 4000 : 3000;
}

export const NOTIFICATION_TEXT = {
  refreshed: 'Notifications refreshed',
  settingUpdated: 'Notification setting updated',
  unavailable: 'Notification system not available',
} as const;

export const notificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  transactionId: z.string().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Kept for the spec's callers: the same as filter=unread. */
  unreadOnly: z.enum(['true', 'false'], { error: 'unreadOnly must be true or false' }).default('false'),
  filter: z.enum(NOTIFICATION_FILTERS, { error: 'filter must be all, unread or read' }).default('all'),
});

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Counted up to 1,000 (a page never costs more because the history is long). */
  total: z.number(),
  hasMore: z.boolean(),
  unreadCount: z.number(),
});

export const unreadCountSchema = z.object({ unreadCount: z.number() });

const preferenceShape = Object.fromEntries(
  NOTIFICATION_PREFERENCE_IDS.map((id) => [id, z.boolean()]),
) as Record<NotificationPreferenceId, z.ZodBoolean>;
export const notificationPreferencesSchema = z.object(preferenceShape);
export const preferencesAnswerSchema = z.object({ preferences: notificationPreferencesSchema });
/** PUT /notifications/preferences: any subset of the five; unknown keys are refused. */
export const updatePreferencesSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one preference' });
