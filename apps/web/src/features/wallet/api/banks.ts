import { useQuery } from '@tanstack/react-query';
import type { Bank } from '@escrow/shared/domain/banks';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';

/** GET /api/banks: Nigerian banks a withdrawal can go to (a fixed list, so cached for the session). */
export const useBanks = (enabled = true) =>
  useQuery({
    queryKey: walletKeys.banks,
    queryFn: async ({ signal }) => (await api<{ banks: Bank[] }>('/banks', { signal })).banks,
    staleTime: Infinity,
    enabled,
  });
