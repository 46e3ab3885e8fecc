import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordInput,
  ProfileSummary,
  PublicUser,
  SessionView,
  UpdateProfileInput,
} from '@escrow/shared/schemas/auth';
import type { EmailResult, EmailSendInput } from '@escrow/shared/schemas/email';
import type { NameChangeImpact } from '@escrow/shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys/wallet-keys';

export const profileKeys = {
  summary: ['profile', 'summary'] as const,
  sessions: ['profile', 'sessions'] as const,
  nameChangeImpact: ['profile', 'name-change-impact'] as const,
};

/**
 * GET /auth/me/name-change-impact: the verified checks a different first or last name would withdraw
 * (docs/privacy.md "Correct my data"), shown in the profile form before saving.
 */
export function useNameChangeImpact() {
  return useQuery({
    queryKey: profileKeys.nameChangeImpact,
    queryFn: ({ signal }) => api<NameChangeImpact>('/auth/me/name-change-impact', { signal }),
  });
}

export type ProfileSaved = { user: PublicUser; verificationWithdrawn?: NameChangeImpact };

/** GET /auth/profile: the user with counts of completed and active transactions, computed on the server. */
export function useProfileSummary() {
  return useQuery({
    queryKey: profileKeys.summary,
    queryFn: ({ signal }) => api<ProfileSummary>('/auth/profile', { signal }),
  });
}

/** PUT /auth/me; `onSaved` gets the updated user (the app shell's copy is replaced with it). */
export function useUpdateProfile(onSaved: (user: PublicUser) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api<ProfileSaved>('/auth/me', { method: 'PUT', body: input }),
    onSuccess: ({ user, verificationWithdrawn }) => {
      onSaved(user);
      void queryClient.invalidateQueries({ queryKey: profileKeys.summary });
      void queryClient.invalidateQueries({ queryKey: profileKeys.nameChangeImpact });
      // A withdrawn check changes the level: the verification page and the wallet's limits are stale.
      if (verificationWithdrawn)
        for (const queryKey of [['verification'], walletKeys.all])
          void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const changePassword = (input: ChangePasswordInput) =>
  api<null>('/auth/change-password', { method: 'PUT', body: input });

export const requestResetLink = (email: string) =>
  api<null>('/auth/reset-password', { method: 'POST', body: { email } });

export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions,
    queryFn: ({ signal }) => api<{ sessions: SessionView[] }>('/auth/sessions', { signal }),
    select: (answer) => answer.sessions,
  });
}

function useSessionsMutation<T, R>(mutationFn: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export const useRevokeSession = () =>
  useSessionsMutation((id: string) =>
    api<null>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

export const useRevokeOtherSessions = () =>
  useSessionsMutation(() => api<{ signedOut: number }>('/auth/sessions', { method: 'DELETE' }));

export const sendTestEmail = (to?: string) =>
  api<EmailResult>('/email/test', { method: 'POST', body: to ? { to } : {} });

export const sendEmail = (input: EmailSendInput) =>
  api<EmailResult>('/email/send', { method: 'POST', body: input });
