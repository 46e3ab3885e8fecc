import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SERVER_EVENTS } from '@escrow/shared/events';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';
import { liveChannel } from '../../../lib/socket';
import { verificationKeys } from './verification';

/**
 * Staff decisions on a document reach the owner as a SYSTEM notification (with its toast); the page
 * refetches then, so it never says 'Pending review' beside a toast that says verified. Limits can
 * change with the level, so the wallet is refreshed too.
 */
export function useVerificationLiveRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = liveChannel();
    const release = channel.acquire();
    const off = channel.on(SERVER_EVENTS.systemNotification, () => {
      void queryClient.invalidateQueries({ queryKey: verificationKeys.status });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    });
    return () => {
      off();
      release();
    };
  }, [queryClient]);
}
