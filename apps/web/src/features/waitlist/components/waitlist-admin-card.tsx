import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { WAITLIST_INTEREST_LABELS } from '@escrow/shared/schemas/waitlist';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { downloadWaitlistCsv, WAITLIST_ADMIN_PAGE_SIZE, waitlistAdminPageQuery } from '../api/admin-waitlist';

/** Staff console: the waitlist, newest first, paged, with a CSV export of every entry. */
export function WaitlistAdminCard() {
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = useQuery(waitlistAdminPageQuery(page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / WAITLIST_ADMIN_PAGE_SIZE)) : 1;

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadWaitlistCsv();
    } catch (error) {
      toast.error(t('Failed to export the waitlist: {error}', { error: (error as Error).message }));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section
      aria-labelledby="waitlist-admin-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-5">
        <div>
          <h2 id="waitlist-admin-title" className="text-lg font-semibold text-slate-900">
            {t('Waitlist')}
          </h2>
          <p className="text-sm text-slate-600">
            {data
              ? t(
                  '{total, plural, one {{count} person waiting for launch} other {{count} people waiting for launch}}',
                  { total: data.total, count: formatCount(data.total) },
                )
              : ' '}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t('Exporting...') : t('Export CSV')}
        </Button>
      </div>

      {query.isPending ? (
        <div className="p-8 text-center">
          <Spinner label={t('Loading waitlist...')} />
        </div>
      ) : query.isError ? (
        <div role="alert" className="p-8 text-center">
          <p className="text-red-700">
            {t('Failed to load the waitlist: {error}', { error: query.error.message })}
          </p>
          <Button className="mt-3" variant="secondary" onClick={() => void query.refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : query.data.entries.length === 0 ? (
        <p className="p-8 text-center text-slate-600">{t('No one has joined the waitlist yet.')}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="waitlist-admin-title">
          <table className="w-full min-w-[720px] text-left text-sm">
            <caption className="sr-only">
              {t('Waitlist entries, newest first, page {page} of {pages}', { page, pages })}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[t('Email'), t('Name'), t('Phone'), t('Interest'), t('Joined'), t('Welcome e-mail')].map(
                  (heading) => (
                    <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                      {heading}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {query.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="break-all px-4 py-3 text-slate-900">{entry.email}</td>
                  <td className="px-4 py-3 text-slate-900">
                    {entry.firstName} {entry.lastName}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{entry.phone ?? '—'}</td>
                  <td className="px-4 py-3 text-slate-700">
                    {t(WAITLIST_INTEREST_LABELS[entry.interest].title)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                    {formatDateTime(entry.createdAt)}
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    {entry.welcomeEmailSentAt ? t('Sent') : t('Not sent')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > 0 ? (
        <nav
          aria-label={t('Waitlist pages')}
          className="flex items-center justify-between gap-3 border-t border-slate-200 p-4"
        >
          <Button variant="secondary" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
            {t('Previous')}
          </Button>
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('Page {page} of {pages}', { page, pages })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPage((p) => p + 1)}
            disabled={page >= pages || query.isPlaceholderData}
          >
            {t('Next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
