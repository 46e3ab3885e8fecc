import { and, count, eq, inArray, or } from 'drizzle-orm';
import { UNRESOLVED_DISPUTE_STATUSES } from '@escrow/shared/domain/disputes';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { disputeMessages, disputeResolutions, disputes } from '../../db/schema/disputes.ts';
import { mentionsAny, redactJson, redactText, type Needles } from '../../lib/personal-data.ts';

const involves = (userId: string) => or(eq(disputes.raisedById, userId), eq(disputes.accusedId, userId));

/** Disputes the user raised or is accused in that are not yet resolved (OPEN or IN_REVIEW). */
export async function openDisputeCountOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputes)
    .where(and(involves(userId), inArray(disputes.status, [...UNRESOLVED_DISPUTE_STATUSES])));
  return row?.n ?? 0;
}

/**
 * A closed account's name, e-mail and phone in its disputes (docs/privacy.md), inside the closing
 * transaction: SYSTEM lines ('Ada Obi escalated the dispute…': the name is in their `params`, or in
 * the English text of lines stored before params), messages, reasons and proposals say 'Closed
 * account' instead. Outcomes, amounts and dates stay.
 */
export async function forgetClosedPartyInDisputes(tx: Tx, userId: string, needles: Needles): Promise<void> {
  const ids = (await tx.select({ id: disputes.id }).from(disputes).where(involves(userId))).map((d) => d.id);
  if (ids.length === 0 || !needles.source) return;

  const quotingDisputes = await tx
    .select({ id: disputes.id, reason: disputes.reason, description: disputes.description })
    .from(disputes)
    .where(
      and(
        inArray(disputes.id, ids),
        or(mentionsAny(disputes.reason, needles), mentionsAny(disputes.description, needles)),
      ),
    );
  for (const row of quotingDisputes)
    await tx
      .update(disputes)
      .set({ reason: redactText(row.reason, needles), description: redactText(row.description, needles) })
      .where(eq(disputes.id, row.id));

  const quotingMessages = await tx
    .select({ id: disputeMessages.id, content: disputeMessages.content, params: disputeMessages.params })
    .from(disputeMessages)
    .where(
      and(
        inArray(disputeMessages.disputeId, ids),
        or(mentionsAny(disputeMessages.content, needles), mentionsAny(disputeMessages.params, needles)),
      ),
    );
  for (const row of quotingMessages)
    await tx
      .update(disputeMessages)
      .set({ content: redactText(row.content, needles), params: redactJson(row.params, needles) })
      .where(eq(disputeMessages.id, row.id));

  const quotingProposals = await tx
    .select({ id: disputeResolutions.id, reason: disputeResolutions.reason })
    .from(disputeResolutions)
    .where(and(inArray(disputeResolutions.disputeId, ids), mentionsAny(disputeResolutions.reason, needles)));
  for (const row of quotingProposals)
    await tx
      .update(disputeResolutions)
      .set({ reason: redactText(row.reason, needles) })
      .where(eq(disputeResolutions.id, row.id));
}
