import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';
import { mentionsAny, redactJson, redactText, type Needles } from '../../lib/personal-data.ts';

/**
 * A closed account in the conversations of its trades (docs/privacy.md), inside the closing
 * transaction: messages that quote its name, e-mail or phone (the SYSTEM lines of every step do, in
 * their `params`) say 'Closed account' instead, and the chat files it sent (deleted by the uploads
 * module in the same transaction) leave the messages that carried them. The messages themselves stay:
 * they are the other party's record of the trade too.
 */
export async function forgetClosedPartyInChats(
  tx: Tx,
  input: { transactionIds: string[]; needles: Needles; removedUploadIds: string[] },
): Promise<void> {
  const { transactionIds, needles, removedUploadIds } = input;
  if (transactionIds.length === 0) return;
  const carrying = removedUploadIds.length
    ? or(...removedUploadIds.map((id) => sql`${messages.attachments} @> ${JSON.stringify([{ id }])}::jsonb`))
    : sql`false`;
  const rows = await tx
    .select({
      id: messages.id,
      content: messages.content,
      params: messages.params,
      attachments: messages.attachments,
    })
    .from(messages)
    .where(
      and(
        inArray(messages.transactionId, transactionIds),
        or(mentionsAny(messages.content, needles), mentionsAny(messages.params, needles), carrying),
      ),
    );
  const removed = new Set(removedUploadIds);
  for (const row of rows)
    await tx
      .update(messages)
      .set({
        content: redactText(row.content, needles),
        params: redactJson(row.params, needles),
        attachments: row.attachments.filter((attachment) => !removed.has(attachment.id)),
      })
      .where(eq(messages.id, row.id));
}
