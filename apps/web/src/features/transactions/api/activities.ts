import { useQuery } from '@tanstack/react-query';
import type { Activity } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';

/** The activity feed refreshes every 30 s (and on demand, and after live updates). */
export const ACTIVITY_REFRESH_MS = 30_000;

/** GET .../activities, newest first. */
export const useActivities = (id: string) =>
  useQuery({
    queryKey: transactionKeys.activities(id),
    queryFn: ({ signal }) =>
      api<{ activities: Activity[] }>(`/transactions/${encodeURIComponent(id)}/activities`, { signal }),
    select: (answer) =>
      [...answer.activities].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)),
    refetchInterval: ACTIVITY_REFRESH_MS,
  });
