import { and, count, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { disputes } from '../../db/schema/disputes.ts';

/** For staff judging an account: disputes it raised, disputes against it, and those still open (either side). */
export async function disputeCountsOf(
  db: DbOrTx,
  userId: string,
): Promise<{ raised: number; against: number; open: number }> {
  const [raised, against, open] = await Promise.all([
    db.select({ n: count() }).from(disputes).where(eq(disputes.raisedById, userId)),
    db.select({ n: count() }).from(disputes).where(eq(disputes.accusedId, userId)),
    db
      .select({ n: count() })
      .from(disputes)
      .where(
        and(
          or(eq(disputes.raisedById, userId), eq(disputes.accusedId, userId)),
          sql`${disputes.status} in ('OPEN', 'IN_REVIEW')`,
        ),
      ),
  ]);
  return { raised: raised[0]?.n ?? 0, against: against[0]?.n ?? 0, open: open[0]?.n ?? 0 };
}
