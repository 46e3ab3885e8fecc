import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recoveryCodesSchema, twoFactorSetupSchema } from '@escrow/shared/schemas/two-factor';
import { api } from '../../../lib/api-client';
import { accountSecurityKeys } from '../../../lib/account-security-query';

/** POST /auth/2fa/setup answers a new secret; two-factor sign-in is on only after /enable with a code. */
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const startTwoFactorSetup = () => api<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST' });

/** Each change refreshes the status the profile, the wallet and the console read. */
function useTwoFactorMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.twoFactor }),
  });
}

/** POST /auth/2fa/enable {code}: on, with the 10 recovery codes (shown once). */
export const useEnableTwoFactor = () =>
  useTwoFactorMutation((code: string) =>
    api<RecoveryCodes>('/auth/2fa/enable', { method: 'POST', body: { code } }),
  );

/** POST /auth/2fa/recovery-codes {code}: 10 new codes; the old ones stop working. */
export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((code: string) =>
    api<RecoveryCodes>('/auth/2fa/recovery-codes', { method: 'POST', body: { code } }),
  );

/** POST /auth/2fa/disable {password, code}. */
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: { password: string; code: string }) =>
    api<unknown>('/auth/2fa/disable', { method: 'POST', body }),
  );
