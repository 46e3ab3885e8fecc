import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletHistory } from '@escrow/shared/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';

/** GET /api/wallet/transactions: the user's wallet entries, newest first. */
export const walletTransactionsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: walletKeys.transactions(page, limit),
    queryFn: ({ signal }) =>
      api<WalletHistory>(`/wallet/transactions?page=${page}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useWalletTransactions = (page: number, limit: number, enabled = true) =>
  useQuery({ ...walletTransactionsQueryOptions(page, limit), enabled });
