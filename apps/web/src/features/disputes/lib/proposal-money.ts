import { settlementSplit } from '@escrow/shared/domain/disputes';
import type { Dispute, DisputeResolution } from '@escrow/shared/schemas/disputes';
import { minorOf, NO_MONEY_MOVES, splitText } from '../../../components/disputes/settlement';

/** Exactly what accepting a proposal moves, to whom ('Buyer receives ₦X · Seller receives ₦Y · ...'). */
export function proposalMovements(dispute: Dispute, resolution: DisputeResolution): string {
  const { transaction } = dispute;
  const split = settlementSplit(
    resolution.resolution,
    minorOf(transaction.price),
    minorOf(transaction.fee),
    resolution.amount === null ? null : minorOf(resolution.amount),
  );
  return split ? splitText(split, transaction.currency) : NO_MONEY_MOVES;
}
