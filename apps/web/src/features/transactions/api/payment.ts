import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConfirmPaymentInput, PaymentIntent, Transaction } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';
import { createIdempotencyKeys } from '../../../lib/money-mutation';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';
import { walletQueryOptions } from '../../../lib/wallet-query';

const path = (id: string, action: string) => `/transactions/${encodeURIComponent(id)}/${action}`;

/** The buyer's real wallet (balance and whether the payment provider is in test mode). */
export const usePayerWallet = (enabled: boolean) => useQuery({ ...walletQueryOptions(), enabled });

/** POST .../payment-intent: a single-use reference for this transaction's total (bank transfer or card). */
export const usePaymentIntent = (id: string) =>
  useMutation({
    mutationFn: async (paymentMethod: 'BANK_TRANSFER' | 'CARD') =>
      (
        await api<{ paymentIntent: PaymentIntent }>(path(id, 'payment-intent'), {
          method: 'POST',
          body: { paymentMethod },
        })
      ).paymentIntent,
  });

/**
 * PUT .../confirm-payment: moves the total into escrow, from the wallet or with a provider reference.
 * Money moves, so a retry of the same submission carries the same idempotency key.
 */
export function useConfirmPayment(id: string) {
  const queryClient = useQueryClient();
  const [keys] = useState(createIdempotencyKeys);
  return useMutation({
    mutationFn: async (input: ConfirmPaymentInput) => {
      const body = { paymentMethod: input.paymentMethod, paymentReference: input.paymentReference };
      try {
        const answer = await api<{ transaction: Transaction }>(path(id, 'confirm-payment'), {
          method: 'PUT',
          body,
          headers: { 'Idempotency-Key': keys.keyFor(body) },
        });
        keys.settle();
        return answer;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    onSuccess: async ({ transaction }) => {
      queryClient.setQueryData(transactionKeys.detail(transaction.id), { transaction });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]);
    },
  });
}
