import { asc, inArray } from 'drizzle-orm';
import type { Message } from '@escrow/shared/schemas/messages';
import type { DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';
import type { Language } from '../../lib/i18n.ts';
import { toMessageView } from './messages.view.ts';

/**
 * The conversations of the user's trades for "Download my data" (`transactionIds`: those the user is a
 * party to), each message exactly as the conversation shows it to the user (a deleted one as deleted,
 * the other party's as they sent it), oldest first; the app's own lines in `language` (the user's saved one).
 */
export async function messagesForExport(
  db: DbOrTx,
  userId: string,
  transactionIds: string[],
  language: Language = 'en',
): Promise<Message[]> {
  if (transactionIds.length === 0) return [];
  const rows = await db
    .select()
    .from(messages)
    .where(inArray(messages.transactionId, transactionIds))
    .orderBy(asc(messages.transactionId), asc(messages.createdAt), asc(messages.id));
  return rows.map((row) => toMessageView(row, userId, language));
}
