import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateWebhookBody,
  Webhook,
  webhookDeliverySchema,
  webhookSecretAnswerSchema,
} from '@escrow/shared/schemas/webhooks';
import { api } from '../../../lib/api-client';
import { developerKeys } from './query-keys';

/** An endpoint with its signing secret: the answer of a creation or a rotation, shown this once. */
export type WebhookWithSecret = z.infer<typeof webhookSecretAnswerSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const endpointPath = (id: string) => `/developer/webhooks/${encodeURIComponent(id)}`;

/** GET /api/developer/webhooks: the user's endpoints (never their secrets). */
export const useWebhooks = () =>
  useQuery({
    queryKey: developerKeys.webhooks(),
    queryFn: async ({ signal }) =>
      (await api<{ webhooks: Webhook[] }>('/developer/webhooks', { signal })).webhooks,
  });

function useEndpointMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.webhooks() }),
  });
}

/** POST /api/developer/webhooks: answers the endpoint and its secret (`whsec_…`). */
export const useCreateWebhook = () =>
  useEndpointMutation((body: CreateWebhookBody) =>
    api<WebhookWithSecret>('/developer/webhooks', { method: 'POST', body }),
  );

/** POST /api/developer/webhooks/{id}/rotate: a new secret; the previous one keeps signing for 24 hours. */
export const useRotateWebhookSecret = () =>
  useEndpointMutation((id: string) =>
    api<WebhookWithSecret>(`${endpointPath(id)}/rotate`, { method: 'POST' }),
  );

/** PATCH /api/developer/webhooks/{id} `{enabled}`: a disabled endpoint is sent nothing. */
export const useSetWebhookEnabled = () =>
  useEndpointMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    api<{ webhook: Webhook }>(endpointPath(id), { method: 'PATCH', body: { enabled } }),
  );

/** DELETE /api/developer/webhooks/{id}: the endpoint goes with its delivery log. */
export const useDeleteWebhook = () =>
  useEndpointMutation((id: string) => api<{ id: string }>(endpointPath(id), { method: 'DELETE' }));

/** POST /api/developer/webhooks/{id}/test: queues a `ping`; the scheduler sends it within seconds. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ delivery: WebhookDelivery }>(`${endpointPath(id)}/test`, { method: 'POST' }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: developerKeys.attempts(id) }),
  });
}
