/** Every transaction query of the app lives under this key root, so one invalidation refreshes them all. */
export const TRANSACTIONS_QUERY_ROOT = ['transactions'] as const;

export type ListFilters = { status?: string; role?: string; q?: string };

/** Query keys of every transaction query; all start with the root the live updates invalidate. */
export const transactionKeys = {
  all: TRANSACTIONS_QUERY_ROOT,
  detail: (id: string) => [...TRANSACTIONS_QUERY_ROOT, 'detail', id] as const,
  lists: () => [...TRANSACTIONS_QUERY_ROOT, 'list'] as const,
  list: (filters: ListFilters) => [...TRANSACTIONS_QUERY_ROOT, 'list', filters] as const,
  recent: (filters: ListFilters) => [...TRANSACTIONS_QUERY_ROOT, 'recent', filters] as const,
  stats: () => [...TRANSACTIONS_QUERY_ROOT, 'stats'] as const,
  activities: (id: string) => [...TRANSACTIONS_QUERY_ROOT, 'activities', id] as const,
  conditions: (id: string) => [...TRANSACTIONS_QUERY_ROOT, 'conditions', id] as const,
  invite: (code: string) => [...TRANSACTIONS_QUERY_ROOT, 'invite', code] as const,
};
