import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { WaitlistAdminPage } from '@escrow/shared/schemas/waitlist';
import { api, ApiError, getToken } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

export const WAITLIST_ADMIN_PAGE_SIZE = 20;

/** GET /api/admin/waitlist?page=&limit= (staff only). */
export const waitlistAdminPageQuery = (page: number, limit = WAITLIST_ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['admin', 'waitlist', { page, limit }],
    queryFn: ({ signal }) =>
      api<WaitlistAdminPage>(`/admin/waitlist?page=${page}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/admin/waitlist/export.csv, saved as a file. The route needs the bearer token, so a plain
 * link cannot fetch it: the file is downloaded here and handed to the browser as a blob.
 */
export async function downloadWaitlistCsv(): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch('/api/admin/waitlist/export.csv', {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(t('Network error'), 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(body?.error || `HTTP ${response.status}`, response.status, body?.code);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'waitlist.csv';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
