import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { providerRefunds } from '../../db/schema/payments.ts';

/**
 * Provider refunds to the buyer that have not arrived: still being sent (PENDING) or waiting for staff
 * after the provider refused them (FAILED; staff retry or credit the wallet). Minor units per currency.
 */
export async function refundsOwedTo(
  db: DbOrTx,
  buyerId: string,
): Promise<{ currency: string; amount: number }[]> {
  const rows = await db
    .select({ currency: providerRefunds.currency, amount: sql<string>`sum(${providerRefunds.amount})::text` })
    .from(providerRefunds)
    .where(and(eq(providerRefunds.buyerId, buyerId), inArray(providerRefunds.status, ['PENDING', 'FAILED'])))
    .groupBy(providerRefunds.currency)
    .orderBy(asc(providerRefunds.currency));
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}
