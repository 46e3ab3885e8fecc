import { asc, eq, or } from 'drizzle-orm';
import type { Activity, Transaction } from '@escrow/shared/schemas/transaction-shapes';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/transactions.ts';
import type { Language } from '../../lib/i18n.ts';
import { listActivities } from '../activities/index.ts';
import { findTransactionRecord, withMilestones } from './transactions.repository.ts';
import { toTransactionView } from './transactions.view.ts';

/** The trades the user is a party to (buyer or seller: the conversation's members), oldest first. */
export async function partyTransactionIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(or(eq(transactions.creatorId, userId), eq(transactions.counterpartyId, userId)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  return rows.map((row) => row.id);
}

/**
 * Every trade of the user (as buyer, seller or broker) for "Download my data", each exactly as the
 * user is shown it in the app, with its activity feed (in `language`, the user's saved one).
 */
export async function transactionsForExport(
  db: DbOrTx,
  userId: string,
  language: Language = 'en',
): Promise<{ transaction: Transaction; activities: Activity[] }[]> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      or(
        eq(transactions.creatorId, userId),
        eq(transactions.counterpartyId, userId),
        eq(transactions.brokerId, userId),
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const answer = [];
  for (const { id } of rows) {
    const record = await withMilestones(db, await findTransactionRecord(db, id));
    if (!record) continue;
    answer.push({
      transaction: toTransactionView(record, userId),
      activities: await listActivities(db, id, language),
    });
  }
  return answer;
}
