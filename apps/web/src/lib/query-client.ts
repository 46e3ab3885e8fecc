import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Defaults: one retry, no refetch on window focus. A refusal (4xx other than 408/429) is the
 * server's answer, not a glitch, so asking again would only repeat it.
 */
export const shouldRetry = (failures: number, error: unknown) =>
  failures < 1 &&
  !(
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: 0 },
    },
  });
}
