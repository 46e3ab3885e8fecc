import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_IDS,
  resolveChannels,
  type ChannelChoice,
  type NotificationChannels,
  type NotificationPreferenceId,
  type NotificationPreferences,
} from '@escrow/shared/schemas/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';

/** GET/PUT /notifications/preferences and PUT /notifications/channels answer both objects. */
export type PreferencesAnswer = { preferences: NotificationPreferences; channels: NotificationChannels };
export type ChannelChanges = Partial<Record<NotificationPreferenceId, Partial<ChannelChoice>>>;

type StoredRow = {
  preferences: Partial<NotificationPreferences>;
  channels: ChannelChanges;
};

/** Stored choices over the defaults: all five categories on; e-mail for money and shipping. */
const answerOf = (row: StoredRow | undefined): PreferencesAnswer => ({
  preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row?.preferences ?? {}) },
  channels: resolveChannels(row?.channels ?? {}),
});

const stored = {
  preferences: notificationPreferences.preferences,
  channels: notificationPreferences.channels,
};

/** The user's five preferences and, per category, the channels beside in-app. */
export async function getPreferences(db: DbOrTx, userId: string): Promise<PreferencesAnswer> {
  const [row] = await db
    .select(stored)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return answerOf(row);
}

/** Merges a subset into the stored choices in one statement (two tabs toggling at once both count). */
export async function updatePreferences(
  db: DbOrTx,
  userId: string,
  changes: Partial<NotificationPreferences>,
  now: Date,
): Promise<PreferencesAnswer> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, preferences: changes, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        preferences: sql`${notificationPreferences.preferences} || excluded.preferences`,
        updatedAt: now,
      },
    })
    .returning(stored);
  return answerOf(row);
}

/**
 * Merges channel choices, category by category and channel by channel, in one statement: a category
 * sent keeps the channels it does not name (`{payment_alerts: {sms: true}}` leaves its e-mail as it was).
 */
export async function updateChannels(
  db: DbOrTx,
  userId: string,
  changes: ChannelChanges,
  now: Date,
): Promise<PreferencesAnswer> {
  const given = Object.fromEntries(
    Object.entries(changes).filter(([, choice]) => choice && Object.keys(choice).length > 0),
  );
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, channels: given, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        channels: sql`${notificationPreferences.channels} || coalesce((
          select jsonb_object_agg(c.key, coalesce(${notificationPreferences.channels} -> c.key, '{}'::jsonb) || c.value)
            from jsonb_each(excluded.channels) c), '{}'::jsonb)`,
        updatedAt: now,
      },
    })
    .returning(stored);
  return answerOf(row);
}

const TEXT_OFF = Object.fromEntries(
  NOTIFICATION_PREFERENCE_IDS.map((id) => [id, { sms: false, whatsapp: false }]),
) as ChannelChanges;

/**
 * SMS and WhatsApp off in every category, e-mail choices kept: the phone module calls this when the
 * verified phone goes (inside its database transaction), so no choice is left pointing at no number.
 */
export async function turnOffTextChannels(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await updateChannels(db, userId, TEXT_OFF, now);
}

/** Whether a change turns SMS or WhatsApp on anywhere (those need a verified phone). */
export const turnsTextOn = (changes: ChannelChanges) =>
  Object.values(changes).some((choice) => choice?.sms === true || choice?.whatsapp === true);
