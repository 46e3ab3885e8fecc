import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { mentionsAny, redactJson, redactText, type Needles } from '../../lib/personal-data.ts';

/**
 * A closed account in notifications (docs/privacy.md), inside the closing transaction: its own are
 * deleted (nobody can read them any more), and other people's about its trades that quote its name,
 * e-mail or phone ('Ada Obi has joined …', its `params` { name: 'Ada Obi' }, `counterpartyName`) say
 * 'Closed account' instead.
 */
export async function forgetClosedPartyInNotifications(
  tx: Tx,
  input: { userId: string; transactionIds: string[]; needles: Needles },
): Promise<void> {
  const { userId, transactionIds, needles } = input;
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  if (transactionIds.length === 0) return;
  const rows = await tx
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      params: notifications.params,
      metadata: notifications.metadata,
    })
    .from(notifications)
    .where(
      and(
        inArray(notifications.transactionId, transactionIds),
        or(
          mentionsAny(notifications.title, needles),
          mentionsAny(notifications.message, needles),
          mentionsAny(notifications.params, needles),
          mentionsAny(notifications.metadata, needles),
        ),
      ),
    );
  for (const row of rows)
    await tx
      .update(notifications)
      .set({
        title: redactText(row.title, needles),
        message: redactText(row.message, needles),
        params: redactJson(row.params, needles),
        metadata: redactJson(row.metadata, needles),
      })
      .where(eq(notifications.id, row.id));
}
