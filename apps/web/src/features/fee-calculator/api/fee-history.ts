import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FeeHistoryResponse } from '@escrow/shared/schemas/fee-calculator';
import { api } from '../../../lib/api-client';

export const FEE_HISTORY_PAGE_SIZE = 10;

export const feeCalculatorKeys = {
  all: ['fee-calculator'] as const,
  history: (page: number) => ['fee-calculator', 'history', page] as const,
};

/** GET /api/escrow-calculator/history: the signed-in user's own calculations, newest first. */
export const feeHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: feeCalculatorKeys.history(page),
    queryFn: ({ signal }) =>
      api<FeeHistoryResponse>(`/escrow-calculator/history?page=${page}&limit=${FEE_HISTORY_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useFeeHistory = (page: number) => useQuery(feeHistoryQueryOptions(page));
