import type { Tx } from '../../db/client.ts';
import { paymentConditions } from '../../db/schema/payment-conditions.ts';

/**
 * Records that the trade's dispute was resolved, and how: a DISPUTE_RESOLVED condition, met at `now`,
 * written in the caller's database transaction (the disputes module's settlement step) so it stands or
 * falls with the settlement.
 */
export async function recordDisputeResolvedCondition(
  tx: Tx,
  resolved: { transactionId: string; disputeId: string; resolution: string; now: Date },
): Promise<void> {
  await tx.insert(paymentConditions).values({
    transactionId: resolved.transactionId,
    conditionType: 'DISPUTE_RESOLVED',
    conditionValue: JSON.stringify({ disputeId: resolved.disputeId, resolution: resolved.resolution }),
    isMet: true,
    metAt: resolved.now,
    createdAt: resolved.now,
    updatedAt: resolved.now,
  });
}
