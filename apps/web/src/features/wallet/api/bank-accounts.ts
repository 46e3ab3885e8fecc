import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddBankAccountInput, BankAccount } from '@escrow/shared/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';

/** GET /api/wallet/bank-accounts: the user's saved payout accounts. */
export const useBankAccounts = (enabled = true) =>
  useQuery({
    queryKey: walletKeys.bankAccounts(),
    queryFn: async ({ signal }) =>
      (await api<{ bankAccounts: BankAccount[] }>('/wallet/bank-accounts', { signal })).bankAccounts,
    enabled,
  });

/** POST /api/wallet/bank-accounts: the provider resolves the account name. */
export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: AddBankAccountInput; idempotencyKey: string }) =>
      (
        await api<{ bankAccount: BankAccount }>('/wallet/bank-accounts', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        })
      ).bankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.bankAccounts() }),
  });
}

export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<unknown>(`/wallet/bank-accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.bankAccounts() }),
  });
}
