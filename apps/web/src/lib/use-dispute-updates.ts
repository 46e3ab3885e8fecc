import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { SERVER_EVENTS, type DisputeUpdatedPayload } from '@escrow/shared/events';
import { liveChannel } from './socket';

const DEBOUNCE_MS = 300;

function isDisputeUpdated(value: unknown): value is DisputeUpdatedPayload {
  const v = value as Partial<DisputeUpdatedPayload> | null;
  return !!v && typeof v.disputeId === 'string';
}

/**
 * `dispute:updated` reaches a dispute's parties (their user rooms) and staff (the 'staff' room); no
 * content travels, so the screens under `queryKey` are refetched, debounced so a burst of events
 * (proposal, system message, status) costs one refetch. Returns whether live updates are flowing, so
 * the screen can say so.
 */
export function useDisputeUpdates(queryKey: QueryKey): { live: boolean } {
  const queryClient = useQueryClient();
  const channel = liveChannel();
  useEffect(() => channel.acquire(), [channel]);
  const state = useSyncExternalStore(channel.subscribe, channel.getState, channel.getState);
  const key = JSON.stringify(queryKey);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = channel.on(SERVER_EVENTS.disputeUpdated, (payload) => {
      if (!isDisputeUpdated(payload)) return;
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
        DEBOUNCE_MS,
      );
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [channel, queryClient, key]);

  return { live: state === 'connected' };
}
