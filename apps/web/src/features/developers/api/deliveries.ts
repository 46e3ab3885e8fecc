import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { webhookAttemptListAnswerSchema } from '@escrow/shared/schemas/webhooks';
import { api } from '../../../lib/api-client';
import { developerKeys } from './query-keys';
import type { WebhookDelivery } from './webhooks';

export type AttemptPage = z.infer<typeof webhookAttemptListAnswerSchema>;

export const ATTEMPTS_PAGE_SIZE = 10;

/** How often the log asks again while a delivery is on its way (the scheduler runs every few seconds). */
export const ATTEMPTS_POLL_MS = 2_000;

/**
 * GET /api/developer/webhooks/{id}/deliveries: one page of the endpoint's attempts, newest first.
 * While `keepPolling` says so for the latest answer, it asks again every ATTEMPTS_POLL_MS.
 */
export const useWebhookAttempts = (
  endpointId: string,
  page: number,
  keepPolling: (answer: AttemptPage | undefined) => boolean,
) =>
  useQuery({
    queryKey: developerKeys.attemptsPage(endpointId, page),
    queryFn: ({ signal }) =>
      api<AttemptPage>(
        `/developer/webhooks/${encodeURIComponent(endpointId)}/deliveries?page=${page}&limit=${ATTEMPTS_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (keepPolling(query.state.data) ? ATTEMPTS_POLL_MS : false),
  });

/** POST /api/developer/webhooks/deliveries/{id}/retry: the delivery is due again at once. */
export function useRetryDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<{ delivery: WebhookDelivery }>(
        `/developer/webhooks/deliveries/${encodeURIComponent(deliveryId)}/retry`,
        { method: 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.attempts(endpointId) }),
  });
}
