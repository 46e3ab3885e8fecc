import { useTransactionEvents } from '../../../lib/realtime/transaction-events';
import { useTransactionRoom } from '../../../lib/realtime/use-live-connection';
import { useStoreTransaction, useTransaction } from '../api/get-transaction';

/** The status screen polls every 3 s while PENDING, so the creator sees the counterparty join. */
export const STATUS_POLL_MS = 3_000;

type Options = {
  /** 300 ms on the details screen. */
  debounceMs?: number;
  /** Also refetch at this interval while PENDING (the status screen: 3 s). */
  pollWhilePendingMs?: number;
};

/**
 * One transaction kept live: its room on the live channel (once the server has shown it to this user),
 * each pushed `transaction:updated` written into the cache at once (the push carries this user's own
 * view), and a debounced refetch after it.
 */
export function useLiveTransaction(id: string, { debounceMs = 300, pollWhilePendingMs }: Options = {}) {
  const query = useTransaction(id, pollWhilePendingMs ? { pollWhilePendingMs } : {});
  const store = useStoreTransaction();
  useTransactionRoom(query.data ? id : undefined);
  useTransactionEvents({
    debounceMs,
    onUpdated: (payload) => {
      if (payload.transactionId === id && payload.transaction?.id === id) store(payload.transaction);
    },
  });
  return query;
}
