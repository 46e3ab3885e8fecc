import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositResult } from '@escrow/shared/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';

/** POST /api/wallet/deposit/{reference}/verify: asks the provider about a checkout the user came back from. */
export const verifyDeposit = (reference: string) =>
  api<DepositResult>(`/wallet/deposit/${encodeURIComponent(reference)}/verify`, { method: 'POST' });

export function useVerifyDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDeposit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
