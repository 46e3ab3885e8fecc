import { useEffect, useSyncExternalStore } from 'react';
import { liveChannel, type ConnectionState } from '../socket';

/**
 * Keeps the live channel open while the calling screen is mounted and reports its state. `reconnect`
 * is the manual Reconnect (after the 3 automatic attempts have given up).
 */
export function useLiveConnection(): { state: ConnectionState; reconnect: () => void } {
  const channel = liveChannel();
  useEffect(() => channel.acquire(), [channel]);
  const state = useSyncExternalStore(channel.subscribe, channel.getState, channel.getState);
  return { state, reconnect: channel.reconnect };
}

/** Joins the transaction's live room while mounted (the server checks membership); leaves on unmount. */
export function useTransactionRoom(transactionId: string | undefined) {
  useEffect(() => {
    if (!transactionId) return;
    return liveChannel().joinTransactionRoom(transactionId);
  }, [transactionId]);
}
