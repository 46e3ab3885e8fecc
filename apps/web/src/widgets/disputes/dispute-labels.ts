import type { DisputeStatus, DisputeViewerRole } from '@escrow/shared/domain/disputes';

/** Status words as both parties and staff see them (the underscore shown as a space). */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  OPEN: 'Open',
  IN_REVIEW: 'In review',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

/** How a dispute participant stands to the money: the transaction says who bought and who sold. */
export function partyLabel(
  person: { id: string; role?: DisputeViewerRole } | null,
  transaction: { buyerId: string; sellerId: string },
): string {
  if (!person) return 'System';
  if (person.role === 'STAFF') return 'Staff';
  if (person.id === transaction.buyerId) return 'Buyer';
  if (person.id === transaction.sellerId) return 'Seller';
  return 'Party';
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
