import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RatingAnswer, RatingBody, TransactionRating } from '@escrow/shared/schemas/vendors';
import { api } from '../../../lib/api-client';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';

const ratingKey = (id: string) => [...transactionKeys.detail(id), 'rating'] as const;

export function useRating(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ratingKey(id),
    queryFn: ({ signal }) => api<RatingAnswer>(`/transactions/${id}/rating`, { signal }),
    enabled,
  });
}

/** Rate (POST) or edit within 7 days (PUT), then refetch the rating. */
export function useSubmitRating(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ edit, body }: { edit: boolean; body: RatingBody }) =>
      api<{ rating: TransactionRating }>(`/transactions/${id}/rating`, {
        method: edit ? 'PUT' : 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratingKey(id) }),
  });
}

export function useReplyToRating(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) =>
      api<{ rating: TransactionRating }>(`/transactions/${id}/rating/reply`, {
        method: 'POST',
        body: { reply },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratingKey(id) }),
  });
}
