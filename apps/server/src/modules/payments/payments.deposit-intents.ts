import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { paymentIntents, type PaymentIntentRow } from '../../db/schema/payments.ts';

/**
 * Wallet deposits as payment intents, for the wallet module: the payments module owns the intents,
 * the wallet decides when a deposit is made and whose it is.
 */

/**
 * A sandbox deposit's intent, written in the caller's database transaction (under its wallet lock) just
 * before the caller settles it with `settleProviderPayment`.
 */
export async function recordSandboxDepositIntent(
  tx: Tx,
  deposit: { reference: string; userId: string; amountMinor: number; currency: string; provider: string },
): Promise<void> {
  await tx.insert(paymentIntents).values({
    reference: deposit.reference,
    userId: deposit.userId,
    purpose: 'DEPOSIT',
    amount: deposit.amountMinor,
    currency: deposit.currency,
    method: 'SANDBOX',
    provider: deposit.provider,
  });
}

/** The user's own payment intent of this purpose with this reference, or null (someone else's, or another purpose). */
export async function ownPaymentIntent(
  db: DbOrTx,
  userId: string,
  reference: string,
  purpose: PaymentIntentRow['purpose'],
): Promise<PaymentIntentRow | null> {
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.reference, reference),
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.purpose, purpose),
      ),
    );
  return intent ?? null;
}
