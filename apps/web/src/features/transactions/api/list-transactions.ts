import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { TransactionList, TransactionStats } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { transactionKeys, type ListFilters } from './transaction-keys';

export const PAGE_SIZE = 20;
export const RECENT_COUNT = 5;

function listPath(page: number, limit: number, filters: ListFilters) {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filters.status && filters.status !== 'all') params.set('status', filters.status);
  if (filters.role && filters.role !== 'all') params.set('role', filters.role);
  const q = filters.q?.trim();
  if (q) params.set('q', q.slice(0, 100));
  return `/transactions/my-transactions?${params.toString()}`;
}

/** My Transactions: newest first, paged (Load more); filters and search run on the server. */
export const transactionListOptions = (filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api<TransactionList>(listPath(pageParam, PAGE_SIZE, filters), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export const useTransactionList = (filters: ListFilters) => useInfiniteQuery(transactionListOptions(filters));

type LiveOptions = { refetchInterval?: number | false };

/** Dashboard Recent Transactions: the 5 newest matching the search and status filter. */
export const useRecentTransactions = (filters: ListFilters, options: LiveOptions = {}) =>
  useQuery({
    ...queryOptions({
      queryKey: transactionKeys.recent(filters),
      queryFn: ({ signal }) => api<TransactionList>(listPath(1, RECENT_COUNT, filters), { signal }),
      placeholderData: keepPreviousData,
    }),
    ...options,
  });

/** GET /api/transactions/stats: total, value (NGN), active and completed, counted by the server. */
export const useTransactionStats = (options: LiveOptions = {}) =>
  useQuery({
    queryKey: transactionKeys.stats(),
    queryFn: ({ signal }) => api<TransactionStats>('/transactions/stats', { signal }),
    ...options,
  });
