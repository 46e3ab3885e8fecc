import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentConditionList } from '@escrow/shared/schemas/payment-conditions';
import { api } from '../../../lib/api-client';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';
import { createIdempotencyKeys } from '../../../lib/money-mutation';

/** GET /api/payment-conditions/transaction/{id}: the conditions and whether an auto-release is scheduled. */
export const usePaymentConditions = (transactionId: string) =>
  useQuery({
    queryKey: transactionKeys.conditions(transactionId),
    queryFn: ({ signal }) =>
      api<PaymentConditionList>(`/payment-conditions/transaction/${encodeURIComponent(transactionId)}`, {
        signal,
      }),
  });

/** Every condition change can also change the transaction (a release completes it): refetch all of it. */
function useConditionAction<Input>(request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}

export const useAddDeliveryCondition = (transactionId: string) =>
  useConditionAction(() =>
    api('/payment-conditions/create', {
      method: 'POST',
      body: { transactionId, conditionType: 'DELIVERY_CONFIRMED' },
    }),
  );

/** The buyer confirms delivery on a DELIVERY_CONFIRMED condition (the server sets isMet and metAt). */
export const useConfirmDeliveryCondition = () =>
  useConditionAction((conditionId: string) =>
    api('/payment-conditions/update', { method: 'PUT', body: { conditionId, isMet: true } }),
  );

export const useSetTimeRelease = (transactionId: string) =>
  useConditionAction((input: { releaseDate: string; timezone: string }) =>
    api('/payment-conditions/time-based', { method: 'POST', body: { transactionId, ...input } }),
  );

/** Releases the escrow to the seller: money moves, so a retried submission carries the same key. */
export function useManualRelease(transactionId: string) {
  const [keys] = useState(createIdempotencyKeys);
  return useConditionAction(async (reason: string | undefined) => {
    const body = reason ? { transactionId, reason } : { transactionId };
    try {
      const answer = await api('/payment-conditions/manual-release', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': keys.keyFor(body) },
      });
      keys.settle();
      return answer;
    } catch (error) {
      keys.settle(error);
      throw error;
    }
  });
}
