import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '@escrow/shared/schemas/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';

/** The user's five preferences: stored choices over the defaults (all on). */
export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row?.preferences ?? {}) };
}

/** Merges a subset into the stored choices in one statement (two tabs toggling at once both count). */
export async function updatePreferences(
  db: DbOrTx,
  userId: string,
  changes: Partial<NotificationPreferences>,
  now: Date,
): Promise<NotificationPreferences> {
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
    .returning({ preferences: notificationPreferences.preferences });
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row?.preferences ?? {}) };
}
