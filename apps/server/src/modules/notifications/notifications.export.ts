import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { savedLanguageOf } from '../auth/index.ts';
import { toNotificationView, type NotificationView } from './notifications.service.ts';

/** Every notification of the user for "Download my data", oldest first, in their saved language. */
export async function notificationsForExport(db: DbOrTx, userId: string): Promise<NotificationView[]> {
  const language = await savedLanguageOf(db, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return rows.map((row) => toNotificationView(row, language));
}
