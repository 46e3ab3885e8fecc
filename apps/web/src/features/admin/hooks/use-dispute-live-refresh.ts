import { useDisputeUpdates } from '../../../lib/use-dispute-updates';
import { adminKeys } from '../api/admin-keys';

/**
 * Staff sockets sit in the 'staff' room and hear `dispute:updated` for every dispute: the queue, an
 * open workspace and its ledger are refetched. The Refresh button covers the time events do not flow.
 */
export const useDisputeLiveRefresh = () => useDisputeUpdates(adminKeys.disputes);
