import { walletKeys } from '../query-keys/wallet-keys';
import { useTransactionEvents } from './transaction-events';
import { useLiveConnection } from './use-live-connection';

/**
 * Mounted once for the whole signed-in app: keeps the live channel open on every screen, so the status
 * toasts appear wherever the user is (each event raises one toast, however many screens listen), and
 * refreshes the wallet (top-bar balance) when a transaction moves money.
 */
export function AppLiveEvents() {
  useLiveConnection();
  useTransactionEvents({ debounceMs: 500, queryKey: walletKeys.all });
  return null;
}
