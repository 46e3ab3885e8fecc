import type { DisputeStatus, DisputeViewerRole } from '@escrow/shared/domain/disputes';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../lib/i18n';

/**
 * Status words as both parties and staff see them (the underscore shown as a space), in English. A
 * screen shows them with disputeStatusLabel(status), in the screens' language.
 */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  OPEN: msg('Open'),
  IN_REVIEW: msg('In review'),
  RESOLVED: msg('Resolved'),
  CLOSED: msg('Closed'),
};

/**
 * DISPUTE_STATUS_LABELS[status] in the screens' language. One message of its own, so 'Open' is
 * translated as a state (a button elsewhere says 'Open' as an order).
 */
export const disputeStatusLabel = (status: DisputeStatus): string =>
  t('{status, select, OPEN {Open} IN_REVIEW {In review} RESOLVED {Resolved} other {Closed}}', { status });

/** How a dispute participant stands to the money: the transaction says who bought and who sold. */
export function partyLabel(
  person: { id: string; role?: DisputeViewerRole } | null,
  transaction: { buyerId: string; sellerId: string },
): string {
  if (!person) return t('System');
  if (person.role === 'STAFF') return t('Staff');
  if (person.id === transaction.buyerId) return t('Buyer');
  if (person.id === transaction.sellerId) return t('Seller');
  return t('Party');
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
