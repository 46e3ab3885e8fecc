import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositInput, DepositResult } from '@escrow/shared/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';

type DepositRequest = { body: DepositInput; idempotencyKey: string };

/** POST /api/wallet/deposit: sandbox settles at once; Paystack answers with a page to pay on. */
export const depositFunds = ({ body, idempotencyKey }: DepositRequest) =>
  api<DepositResult>('/wallet/deposit', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: depositFunds,
    onSuccess: async (result) => {
      if (result.wallet) queryClient.setQueryData(walletKeys.summary(), result.wallet);
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
