import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddBankAccountInput, BankAccount } from '@escrow/shared/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';
import { twoFactorHeaders } from '../../../lib/two-factor-code';

/** GET /api/wallet/bank-accounts: the user's saved payout accounts. */
export const useBankAccounts = (enabled = true) =>
  useQuery({
    queryKey: walletKeys.bankAccounts(),
    queryFn: async ({ signal }) =>
      (await api<{ bankAccounts: BankAccount[] }>('/wallet/bank-accounts', { signal })).bankAccounts,
    enabled,
  });

/**
 * POST /api/wallet/bank-accounts: the provider resolves the account name. With two-factor sign-in on, a
 * code from the app goes in its header (useTwoFactorPrompt asks for it).
 */
export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      idempotencyKey,
      twoFactorCode = null,
    }: {
      body: AddBankAccountInput;
      idempotencyKey: string;
      twoFactorCode?: string | null;
    }) =>
      (
        await api<{ bankAccount: BankAccount }>('/wallet/bank-accounts', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey, ...twoFactorHeaders(twoFactorCode) },
        })
      ).bankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.bankAccounts() }),
  });
}

/** DELETE /api/wallet/bank-accounts/{id}; a code as for adding one. */
export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, twoFactorCode = null }: { id: string; twoFactorCode?: string | null }) =>
      api<unknown>(`/wallet/bank-accounts/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: twoFactorHeaders(twoFactorCode),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.bankAccounts() }),
  });
}
