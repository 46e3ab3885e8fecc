import { desc, eq } from 'drizzle-orm';
import type { Activity, ActivityAction } from '@escrow/shared/schemas/transaction-shapes';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transactionActivities, type TransactionActivityRow } from '../../db/schema/activities.ts';

export type ActivityInput = {
  transactionId: string;
  action: ActivityAction;
  description: string;
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
    status: input.status ?? 'completed',
    userId: input.userId,
    userName: input.userName,
    userRole: input.userRole,
    metadata: dropUndefined(input.metadata ?? {}),
    ...(input.at ? { createdAt: input.at, updatedAt: input.at } : {}),
  });
}

/** The feed of one transaction, newest first (the caller has checked membership). */
export async function listActivities(db: DbOrTx, transactionId: string): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(transactionActivities)
    .where(eq(transactionActivities.transactionId, transactionId))
    .orderBy(desc(transactionActivities.createdAt), desc(transactionActivities.id))
    .limit(500);
  return rows.map(toActivity);
}

function toActivity(row: TransactionActivityRow): Activity {
  return {
    id: row.id,
    transactionId: row.transactionId,
    action: row.action,
    description: row.description,
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
