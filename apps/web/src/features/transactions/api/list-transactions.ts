import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionList, TransactionStats } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { transactionKeys, type ListFilters } from '../../../lib/query-keys/transaction-keys';

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

/**
 * My Transactions: one page, newest first; filters and search run on the server. The answer says
 * whether a next page exists (`hasMore`) and the total, exact up to 1,000 (`totalCapped` beyond).
 */
export const transactionListOptions = (filters: ListFilters, page: number) =>
  queryOptions({
    queryKey: [...transactionKeys.list(filters), page] as const,
    queryFn: ({ signal }) => api<TransactionList>(listPath(page, PAGE_SIZE, filters), { signal }),
    placeholderData: keepPreviousData,
  });

export const useTransactionList = (filters: ListFilters, page: number) =>
  useQuery(transactionListOptions(filters, page));

/** '1,000+' when the server stopped counting, else the exact total with separators. */
export const formatListTotal = (list: Pick<TransactionList, 'total' | 'totalCapped'>) =>
  `${formatCount(list.total)}${list.totalCapped ? '+' : ''}`;

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
