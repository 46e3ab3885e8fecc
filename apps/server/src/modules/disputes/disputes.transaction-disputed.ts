import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { disputes } from '../../db/schema/disputes.ts';

/**
 * Whether any dispute, open or long closed, was raised on the transaction: staff read the parties' chat
 * (and its files) only through one. The uploads module asks through the composition root.
 */
export async function isTransactionDisputed(db: DbOrTx, transactionId: string): Promise<boolean> {
  const [disputed] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(eq(disputes.transactionId, transactionId))
    .limit(1);
  return disputed !== undefined;
}
