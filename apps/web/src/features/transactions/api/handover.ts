import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HandoverCodeAnswer } from '@escrow/shared/schemas/handover';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { createIdempotencyKeys } from '../../../lib/money-mutation';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';

/* In-person handover (docs/handover.md): the buyer's release code and the seller's entry. */

const path = (id: string, rest = '') => `/transactions/${encodeURIComponent(id)}/handover${rest}`;

/** Under the transactions root, so every transaction refresh (and live push) refreshes it too. */
export const handoverKey = (id: string) => [...transactionKeys.all, 'handover', id] as const;

/** GET .../handover: the buyer's code and the seller's lock, if any (the seller gets 403 and never asks). */
export const useHandoverCode = (id: string) =>
  useQuery({
    queryKey: handoverKey(id),
    queryFn: ({ signal }) => api<HandoverCodeAnswer>(path(id), { signal }),
  });

/** POST .../handover/regenerate: the buyer replaces the code; the old one stops working at once. */
export function useRegenerateHandoverCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<HandoverCodeAnswer>(path(id, '/regenerate'), { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(handoverKey(id), answer),
  });
}

/**
 * POST .../handover {code}: the seller enters the buyer's code; a right one releases the money at once,
 * so the call carries an idempotency key (the same one while the same code is retried after a failure).
 */
export function useConfirmHandover(id: string) {
  const queryClient = useQueryClient();
  const [keys] = useState(createIdempotencyKeys);
  return useMutation({
    mutationFn: async (code: string) => {
      try {
        const answer = await api<{ transaction: Transaction }>(path(id), {
          method: 'POST',
          body: { code },
          headers: { 'Idempotency-Key': keys.keyFor({ code }) },
        });
        keys.settle();
        return answer;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    onSuccess: async ({ transaction }) => {
      queryClient.setQueryData(transactionKeys.detail(id), { transaction });
      // The server also pushes transaction:updated; this refresh does not wait for it.
      await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
