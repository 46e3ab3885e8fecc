import type { Notification } from '@escrow/shared/schemas/notifications';

/** Where a notification's card leads: its own link, its dispute, its conversation, or its transaction. */
export function notificationLink(
  note: Pick<Notification, 'type' | 'transactionId' | 'metadata'>,
): string | null {
  // A link the server chose (an invitation addressed to the user, a rating to give): app paths only.
  const link = note.metadata?.link;
  if (typeof link === 'string' && link.startsWith('/app/')) return link;
  const disputeId = note.metadata?.disputeId;
  if (typeof disputeId === 'string') return `/app/disputes/${disputeId}`;
  if (note.type === 'MESSAGE' && note.transactionId)
    return `/app/messages?transactionId=${encodeURIComponent(note.transactionId)}`;
  if (note.transactionId) return `/app/transactions/${note.transactionId}`;
  return null;
}
