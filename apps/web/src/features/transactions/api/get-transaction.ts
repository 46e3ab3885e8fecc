import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';

type TransactionAnswer = { transaction: Transaction };

/** GET /api/transactions/{id}: members only; anyone else gets the same 404 as an unknown id. */
export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: transactionKeys.detail(id),
    queryFn: ({ signal }) => api<TransactionAnswer>(`/transactions/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.transaction,
  });

/** `pollWhilePendingMs`: refetch at that interval for as long as the transaction is PENDING. */
export const useTransaction = (id: string, { pollWhilePendingMs }: { pollWhilePendingMs?: number } = {}) =>
  useQuery({
    ...transactionQueryOptions(id),
    refetchInterval: pollWhilePendingMs
      ? (query) => (query.state.data?.transaction.status === 'PENDING' ? pollWhilePendingMs : false)
      : false,
  });

/** Stores a transaction the server just answered (after an action or a live push) as the current one. */
export function useStoreTransaction() {
  const queryClient = useQueryClient();
  return useCallback(
    (transaction: Transaction) =>
      queryClient.setQueryData<TransactionAnswer>(transactionKeys.detail(transaction.id), { transaction }),
    [queryClient],
  );
}
