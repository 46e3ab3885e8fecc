import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawInput, WithdrawalResult } from '@escrow/shared/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';
import { twoFactorHeaders } from '../../../lib/two-factor-code';

/** `twoFactorCode`: with two-factor sign-in on, a code from the app (useTwoFactorPrompt asks for it). */
type WithdrawRequest = { body: WithdrawInput; idempotencyKey: string; twoFactorCode?: string | null };

/** POST /api/wallet/withdraw: amount to the bank account, the ₦50 fee on top. */
export const withdrawFunds = ({ body, idempotencyKey, twoFactorCode = null }: WithdrawRequest) =>
  api<WithdrawalResult>('/wallet/withdraw', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey, ...twoFactorHeaders(twoFactorCode) },
  });

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawFunds,
    onSuccess: async (result) => {
      queryClient.setQueryData(walletKeys.summary(), result.wallet);
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
