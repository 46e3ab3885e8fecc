import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import type { AdminUserDetail, adminUserListSchema } from '@escrow/shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type AdminUserList = z.infer<typeof adminUserListSchema>;
export const USER_PAGE_SIZE = 20;

export function userSearchQueryString(q: string, page: number): string {
  return new URLSearchParams({ q: q.trim(), page: String(page), limit: String(USER_PAGE_SIZE) }).toString();
}

/** GET /admin/users?q=: by e-mail, name or id (the server decides how q matches). */
export const userSearchQuery = (q: string, page: number) => {
  const queryString = userSearchQueryString(q, page);
  return queryOptions({
    queryKey: adminKeys.userSearch(queryString),
    queryFn: ({ signal }) => api<AdminUserList>(`/admin/users?${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
  });

/** The ADMIN-only account actions; each refreshes the user page and any search listing them. */
function useUserAction<TInput>(userId: string, call: (path: string, input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => call(`/admin/users/${encodeURIComponent(userId)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export const useSuspendUser = (userId: string) =>
  useUserAction<{ reason: string }>(userId, (path, body) => api(`${path}/suspend`, { method: 'POST', body }));

export const useReinstateUser = (userId: string) =>
  useUserAction<void>(userId, (path) => api(`${path}/reinstate`, { method: 'POST' }));

export const useSetVerificationLevel = (userId: string) =>
  useUserAction<VerificationLevel>(userId, (path, verificationLevel) =>
    api(`${path}/verification-level`, { method: 'PUT', body: { verificationLevel } }),
  );

/** ADMIN, after checking the user's identity (lost phone and recovery codes); audited with the reason. */
export const useResetTwoFactor = (userId: string) =>
  useUserAction<{ reason: string }>(userId, (path, body) =>
    api(`${path}/two-factor/reset`, { method: 'POST', body }),
  );
