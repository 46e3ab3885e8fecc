import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SERVER_EVENTS, type DisputeUpdatedPayload } from '@escrow/shared/events';
import { liveChannel } from '../../../lib/socket';
import { adminKeys } from '../api/admin-keys';

const DEBOUNCE_MS = 300;

function isDisputeUpdated(value: unknown): value is DisputeUpdatedPayload {
  const v = value as Partial<DisputeUpdatedPayload> | null;
  return !!v && typeof v.disputeId === 'string';
}

/**
 * Staff sockets sit in the 'staff' room and hear `dispute:updated` for every dispute (no content
 * travels): the queue, an open workspace and its ledger are refetched, debounced so a burst of events
 * (decision, system message, status) costs one refetch. Returns whether live updates are flowing, so the
 * screen can say so; the Refresh button covers the time they are not.
 */
export function useDisputeLiveRefresh(): { live: boolean } {
  const queryClient = useQueryClient();
  const channel = liveChannel();
  useEffect(() => channel.acquire(), [channel]);
  const state = useSyncExternalStore(channel.subscribe, channel.getState, channel.getState);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = channel.on(SERVER_EVENTS.disputeUpdated, (payload) => {
      if (!isDisputeUpdated(payload)) return;
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: adminKeys.disputes }),
        DEBOUNCE_MS,
      );
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [channel, queryClient]);

  return { live: state === 'connected' };
}
