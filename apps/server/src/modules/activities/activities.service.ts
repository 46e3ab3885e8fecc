import { desc, eq } from 'drizzle-orm';
import type { Activity, ActivityAction } from '@escrow/shared/schemas/transaction-shapes';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transactionActivities, type TransactionActivityRow } from '../../db/schema/activities.ts';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';

export type ActivityInput = {
  transactionId: string;
  action: ActivityAction;
  /** A message id (msg('…'), ICU) with `params`: each reader gets it in their language. */
  description: string;
  params?: MessageParams;
  userId: string | null;
  userName: string;
  userRole: 'BUYER' | 'SELLER' | 'SYSTEM';
  metadata?: Record<string, unknown>;
  status?: 'completed' | 'pending' | 'failed';
  at?: Date;
};

/** Writes one activity entry; always inside the transaction that made the change it records. */
export async function recordActivity(tx: Tx, input: ActivityInput): Promise<void> {
  await tx.insert(transactionActivities).values({
    transactionId: input.transactionId,
    action: input.action,
    description: input.description,
    params: input.params ?? {},
    status: input.status ?? 'completed',
    userId: input.userId,
    userName: input.userName,
    userRole: input.userRole,
    metadata: dropUndefined(input.metadata ?? {}),
    ...(input.at ? { createdAt: input.at, updatedAt: input.at } : {}),
  });
}

/** The feed of one transaction, newest first, in `language` (the caller has checked membership). */
export async function listActivities(
  db: DbOrTx,
  transactionId: string,
  language: Language = 'en',
): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(transactionActivities)
    .where(eq(transactionActivities.transactionId, transactionId))
    .orderBy(desc(transactionActivities.createdAt), desc(transactionActivities.id))
    .limit(500);
  return rows.map((row) => toActivity(row, language));
}

function toActivity(row: TransactionActivityRow, language: Language): Activity {
  return {
    id: row.id,
    transactionId: row.transactionId,
    action: row.action,
    description: translate(language, row.description, row.params),
    status: row.status,
    userId: row.userId,
    userName: row.userName,
    userRole: row.userRole,
    timestamp: row.createdAt.toISOString(),
    metadata: row.metadata,
  };
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
