import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dedicatedAccounts } from '../../db/schema/wallet.ts';

/**
 * The user whose dedicated account Paystack's customer code names, or null. The payments webhook credits
 * a transfer into that account to them, in its own database transaction (handed in by the composition
 * root: payments does not depend on wallet).
 */
export async function dedicatedAccountOwner(tx: Tx, customerCode: string): Promise<string | null> {
  const [account] = await tx
    .select()
    .from(dedicatedAccounts)
    .where(eq(dedicatedAccounts.customerCode, customerCode));
  return account?.userId ?? null;
}
