import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTransactionInput, Invitation, Transaction } from '@escrow/shared/schemas/transactions';
import { api } from '../../../lib/api-client';
import { markCreatedHere } from '../../../lib/realtime/transaction-events';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';

export type CreateTransactionAnswer = { transaction: Transaction; invitation: Invitation };

/** POST /api/transactions/create. The server computes fee and total itself. */
export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTransactionInput) =>
      api<CreateTransactionAnswer>('/transactions/create', { method: 'POST', body: input }),
    onSuccess: async (answer) => {
      markCreatedHere(answer.transaction.id);
      queryClient.setQueryData(transactionKeys.detail(answer.transaction.id), {
        transaction: answer.transaction,
      });
      await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
