import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BvnForm,
  DocumentForm,
  IdentityDocument,
  NinForm,
  VerificationResult,
  VerificationStatus,
} from '@escrow/shared/schemas/identity';
import { VERIFICATION_TEXT } from '@escrow/shared/schemas/identity';
import { ApiError, api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

export const verificationKeys = { status: ['verification', 'status'] as const };

export const verificationStatusQuery = queryOptions({
  queryKey: verificationKeys.status,
  queryFn: ({ signal }) => api<VerificationStatus>('/verification/status', { signal }),
});

/** The plain sentence for a failed check: the server's own text, or ours for a 429 without one. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429) return t(VERIFICATION_TEXT.tooManyAttempts);
  if (error instanceof ApiError && error.status !== 0) return error.message || fallback;
  return fallback;
}

/**
 * POST /verification/nin or /bvn. On success the status, the wallet (limits) and fee quotes are stale:
 * they are refreshed, and the caller updates the signed-in user (top-bar badge).
 */
export function useVerifyIdentity<K extends 'nin' | 'bvn'>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: K extends 'nin' ? NinForm : BvnForm) =>
      api<VerificationResult>(`/verification/${kind}`, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.status }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}

export function useSubmitDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentForm) =>
      api<{ documentId: string; status: string; document: IdentityDocument }>('/verification/document', {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.status }),
  });
}
