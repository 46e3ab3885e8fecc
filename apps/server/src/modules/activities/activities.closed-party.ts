import { and, eq, inArray, or } from 'drizzle-orm';
import { CLOSED_ACCOUNT_NAME } from '@escrow/shared/schemas/privacy';
import type { Tx } from '../../db/client.ts';
import { transactionActivities } from '../../db/schema/activities.ts';
import { mentionsAny, redactJson, redactText, type Needles } from '../../lib/personal-data.ts';

/**
 * A closed account in the activity feeds of its trades (docs/privacy.md), inside the closing
 * transaction: its entries name 'Closed account', and lines that quote its name, e-mail or phone
 * ('Transaction created by Ada Obi as buyer', or its `params`: { name: 'Ada Obi' }) are rewritten. What happened, and when, stays.
 */
export async function forgetClosedPartyInActivities(
  tx: Tx,
  input: { userId: string; transactionIds: string[]; needles: Needles },
): Promise<void> {
  const { userId, transactionIds, needles } = input;
  await tx
    .update(transactionActivities)
    .set({ userName: CLOSED_ACCOUNT_NAME })
    .where(eq(transactionActivities.userId, userId));
  if (transactionIds.length === 0) return;
  const rows = await tx
    .select({
      id: transactionActivities.id,
      description: transactionActivities.description,
      params: transactionActivities.params,
      userName: transactionActivities.userName,
      metadata: transactionActivities.metadata,
    })
    .from(transactionActivities)
    .where(
      and(
        inArray(transactionActivities.transactionId, transactionIds),
        or(
          mentionsAny(transactionActivities.description, needles),
          mentionsAny(transactionActivities.params, needles),
          mentionsAny(transactionActivities.userName, needles),
          mentionsAny(transactionActivities.metadata, needles),
        ),
      ),
    );
  for (const row of rows)
    await tx
      .update(transactionActivities)
      .set({
        description: redactText(row.description, needles),
        params: redactJson(row.params, needles),
        userName: redactText(row.userName, needles),
        metadata: redactJson(row.metadata, needles),
      })
      .where(eq(transactionActivities.id, row.id));
}
