import { useQuery } from '@tanstack/react-query';
import type { PhoneStatus } from '@escrow/shared/schemas/phone';
import type { TwoFactorStatus } from '@escrow/shared/schemas/two-factor';
import { api } from './api-client';

/**
 * The account's second factor and verified phone (docs/security.md), read by more than one feature: the
 * profile manages them, the wallet asks for a code when two-factor sign-in is on, the notification settings
 * offer SMS and WhatsApp only with a verified phone.
 */
export const accountSecurityKeys = {
  twoFactor: ['account-security', 'two-factor'] as const,
  phone: ['account-security', 'phone'] as const,
};

/** GET /api/auth/2fa: whether two-factor sign-in is on, since when, and the recovery codes left. */
export const useTwoFactorStatus = (enabled = true) =>
  useQuery({
    queryKey: accountSecurityKeys.twoFactor,
    queryFn: ({ signal }) => api<TwoFactorStatus>('/auth/2fa', { signal }),
    enabled,
  });

/** GET /api/auth/phone: the verified phone (masked) and a code in flight. */
export const usePhoneStatus = () =>
  useQuery({
    queryKey: accountSecurityKeys.phone,
    queryFn: ({ signal }) => api<PhoneStatus>('/auth/phone', { signal }),
  });
