import { z } from 'zod';
import {
  NOTIFICATION_FILTERS,
  NOTIFICATION_PREFERENCE_IDS,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationPreferenceId,
} from '../domain/notifications.ts';

/**
 * Notifications (docs/product.md "Notifications"): rows written with the event they report,
 * pushed live after commit, listed and marked by their owner, with five categories a user may mute.
 * The types, categories and their rules live in domain/notifications.ts, the texts in
 * texts/notifications.ts (both zod-free, what screens import); re-exported here for the server.
 */
export {
  channelCategoryFor,
  DEFAULT_NOTIFICATION_CHANNELS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CHANNELS,
  resolveChannels,
  type ChannelChoice,
  type NotificationChannel,
  type NotificationChannels,
  interrupts,
  NOTIFICATION_FILTERS,
  NOTIFICATION_PREFERENCE_IDS,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  preferenceFor,
  toastDurationMs,
  type NotificationFilter,
  type NotificationPreferenceId,
  type NotificationPreferences,
  type NotificationPriority,
  type NotificationType,
} from '../domain/notifications.ts';
import { NOTIFICATION_CHANNELS } from '../domain/notifications.ts';
import { msg } from '../i18n/msg.ts';
export { NOTIFICATION_PREFERENCE_META, NOTIFICATION_TEXT } from '../texts/notifications.ts';

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

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Kept for older callers: the same as filter=unread. */
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
/** PUT /notifications/preferences: any subset of the five; unknown keys are refused. */
export const updatePreferencesSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: msg('Send at least one preference') });

const channelChoiceSchema = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    z.ZodBoolean
  >,
);
/** Per category, the channels beside in-app; answered beside `preferences`. */
export const notificationChannelsSchema = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_IDS.map((id) => [id, channelChoiceSchema])) as Record<
    NotificationPreferenceId,
    typeof channelChoiceSchema
  >,
);
/**
 * PUT /notifications/channels: any categories, each any subset of the channels; unknown keys refused.
 * SMS or WhatsApp turned on without a verified phone is a 409 (PHONE_NOT_VERIFIED).
 */
const channelChangeSchema = channelChoiceSchema.partial().strict().optional();
export const updateChannelsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_PREFERENCE_IDS.map((id) => [id, channelChangeSchema])) as Record<
      NotificationPreferenceId,
      typeof channelChangeSchema
    >,
  )
  .strict()
  .refine((v) => Object.values(v).some((c) => c && Object.keys(c).length > 0), {
    message: msg('Send at least one channel'),
  });

/** GET/PUT /notifications/preferences and PUT /notifications/channels answer both objects. */
export const preferencesAnswerSchema = z.object({
  preferences: notificationPreferencesSchema,
  channels: notificationChannelsSchema,
});
