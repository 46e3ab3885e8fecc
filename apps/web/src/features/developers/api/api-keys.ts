import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiKey, apiKeyCreatedAnswerSchema, CreateApiKeyBody } from '@escrow/shared/schemas/partner';
import { api } from '../../../lib/api-client';
import { developerKeys } from './query-keys';

export type CreatedApiKey = z.infer<typeof apiKeyCreatedAnswerSchema>;

/** GET /api/developer/keys: the user's keys that are not revoked (never the keys themselves). */
export const useApiKeys = () =>
  useQuery({
    queryKey: developerKeys.apiKeys(),
    queryFn: async ({ signal }) => (await api<{ apiKeys: ApiKey[] }>('/developer/keys', { signal })).apiKeys,
  });

/** POST /api/developer/keys: the answer's `key` is the whole key, shown this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api<CreatedApiKey>('/developer/keys', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys() }),
  });
}

/** DELETE /api/developer/keys/{id}: the key is refused from then on. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ revoked: true }>(`/developer/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys() }),
  });
}
