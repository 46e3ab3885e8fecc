import { remainderSplit } from '@escrow/shared/domain/disputes';
import type { Dispute, DisputeResolution } from '@escrow/shared/schemas/disputes';
import { t } from '../../../lib/i18n';
import { heldEscrow, minorOf, NO_MONEY_MOVES, splitText } from '../../../widgets/disputes/settlement';

/**
 * Exactly what accepting a proposal moves, to whom ('Buyer receives ₦X · Seller receives ₦Y · ...', and
 * 'Broker receives ₦B' on a brokered trade: heldEscrow carries its commission), of the escrow the
 * dispute acts on (a milestone trade's unreleased remainder).
 */
export function proposalMovements(dispute: Dispute, resolution: DisputeResolution): string {
  const { transaction } = dispute;
  const split = remainderSplit(
    resolution.resolution,
    heldEscrow(transaction),
    resolution.amount === null ? null : minorOf(resolution.amount),
  );
  return split ? splitText(split, transaction.currency) : t(NO_MONEY_MOVES);
}
