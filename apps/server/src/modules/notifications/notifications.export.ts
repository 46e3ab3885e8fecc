import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { toNotificationView, type NotificationView } from './notifications.service.ts';

/** Every notification of the user for "Download my data", oldest first. */
export async function notificationsForExport(db: DbOrTx, userId: string): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return rows.map(toNotificationView);
}
