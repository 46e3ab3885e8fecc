import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneStatus } from '@escrow/shared/schemas/phone';
import { api } from '../../../lib/api-client';
import { accountSecurityKeys } from '../../../lib/account-security-query';

/**
 * Each call answers the whole phone status, stored as the query's data; the notification settings read
 * the same query, so SMS and WhatsApp unlock there as soon as the phone is verified.
 */
function usePhoneMutation<TInput>(request: (input: TInput) => Promise<PhoneStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (status) => queryClient.setQueryData(accountSecurityKeys.phone, status),
  });
}

/** POST /auth/phone {phone}: sends a 6-digit code by SMS (Nigerian numbers only). */
export const useStartPhoneVerification = () =>
  usePhoneMutation((phone: string) => api<PhoneStatus>('/auth/phone', { method: 'POST', body: { phone } }));

/** POST /auth/phone/verify {code}. */
export const useVerifyPhone = () =>
  usePhoneMutation((code: string) =>
    api<PhoneStatus>('/auth/phone/verify', { method: 'POST', body: { code } }),
  );

/** DELETE /auth/phone. */
export const useRemovePhone = () =>
  usePhoneMutation(() => api<PhoneStatus>('/auth/phone', { method: 'DELETE' }));
