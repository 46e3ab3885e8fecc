import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CloseAccountInput,
  ClosureBlocker,
  ClosureCheck,
  DataExport,
  DataExportList,
} from '@escrow/shared/schemas/privacy';
import { ApiError, api } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { twoFactorHeaders } from '../../../lib/two-factor-code';

export const privacyKeys = {
  closure: ['privacy', 'closure'] as const,
  exports: ['privacy', 'exports'] as const,
};

/** While an export is being prepared its state is asked again this often (the scheduler takes minutes at most). */
const PREPARING_POLL_MS = 15_000;

/** GET /auth/me/exports: the latest requests and when another may be asked for. */
export function useDataExports() {
  return useQuery({
    queryKey: privacyKeys.exports,
    queryFn: ({ signal }) => api<DataExportList>('/auth/me/exports', { signal }),
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.status === 'PENDING') ? PREPARING_POLL_MS : false,
  });
}

/** POST /auth/me/export: asks for a new ZIP (one a day; a 429 says when the next is possible). */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ export: DataExport }>('/auth/me/export', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.exports }),
  });
}

/** Saves a READY export (its download needs the token, so it is fetched, not linked). */
export const downloadExport = (item: DataExport) =>
  downloadFromApi((item.downloadUrl ?? '').replace(/^\/api/, ''), 'amana-my-data.zip');

/** GET /auth/me/closure: what keeps the account from closing now (asked when the dialog opens). */
export function useClosureCheck(enabled: boolean) {
  return useQuery({
    queryKey: privacyKeys.closure,
    queryFn: ({ signal }) => api<ClosureCheck>('/auth/me/closure', { signal }),
    enabled,
    // Always asked afresh: a withdrawal or a finished trade may have lifted a blocker meanwhile.
    staleTime: 0,
  });
}

/**
 * Runs the closing request for the app (which signs out, as closed, once it succeeds or the session is
 * refused meanwhile); given by the route from the app's auth.
 */
export type RunAccountClosing = (request: () => Promise<unknown>) => Promise<void>;

/**
 * POST /auth/me/close: the account is closed for good once this answers. With two-factor sign-in on, a
 * code from the app goes in its header (useTwoFactorPrompt asks for it).
 */
export function useCloseAccount(run: RunAccountClosing) {
  return useMutation({
    mutationFn: ({
      input,
      twoFactorCode = null,
    }: {
      input: CloseAccountInput;
      twoFactorCode?: string | null;
    }) =>
      run(() =>
        api<null>('/auth/me/close', {
          method: 'POST',
          body: input,
          headers: twoFactorHeaders(twoFactorCode),
        }),
      ),
  });
}

/** The blockers a refused closing (409) names in its details, else none. */
export function blockersOf(error: unknown): ClosureBlocker[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const details = error.details as { blockers?: ClosureBlocker[] } | undefined;
  return Array.isArray(details?.blockers) ? details.blockers : [];
}
