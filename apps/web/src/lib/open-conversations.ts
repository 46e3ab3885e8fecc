import { useEffect } from 'react';

/**
 * Which conversations are on screen right now (the Messages page or a transaction's Chat dialog), so a
 * new message there raises no 'New message from counterparty' toast or chime.
 */
const open = new Map<string, number>();

export function isConversationOpen(transactionId: string | null | undefined): boolean {
  return !!transactionId && (open.get(transactionId) ?? 0) > 0;
}

/** Marks the conversation open while the calling component is mounted. */
export function useConversationOpen(transactionId: string) {
  useEffect(() => {
    open.set(transactionId, (open.get(transactionId) ?? 0) + 1);
    return () => {
      const left = (open.get(transactionId) ?? 1) - 1;
      if (left > 0) open.set(transactionId, left);
      else open.delete(transactionId);
    };
  }, [transactionId]);
}
