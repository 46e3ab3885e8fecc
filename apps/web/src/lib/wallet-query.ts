import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import { api } from './api-client';
import { walletKeys } from './query-keys/wallet-keys';

/** GET /api/wallet: balance, escrow, totals, level limits, fee and whether the provider is in test mode. */
export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: async ({ signal }) => (await api<{ wallet: Wallet }>('/wallet', { signal })).wallet,
  });

export const useWallet = () => useQuery(walletQueryOptions());
