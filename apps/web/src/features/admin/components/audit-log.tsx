import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { auditLogQuery, type AuditFilters, type AuditLog as AuditLogPage } from '../api/audit-log';
import { auditChanges } from '../lib/audit-summary';
import { auditActionLabel } from '../lib/labels';
import { EmptyPanel, ErrorPanel, LoadingPanel, PageNav } from '../../../components/ui/panels';
import { AuditLogFilters } from './audit-log-filters';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const FIELDS = ['actor', 'action', 'targetId', 'from', 'to'] as const;

/** The filters live in the URL, so a filtered view can be shared with a colleague. */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  return {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    targetId: params.get('targetId') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function targetLink(type: string, id: string): string | null {
  if (type === 'dispute') return `/app/admin/disputes/${encodeURIComponent(id)}`;
  if (type === 'user') return `/app/admin/users/${encodeURIComponent(id)}`;
  return null;
}

/** The append-only record of staff actions, newest first. */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersFrom(params);
  const query = useQuery(auditLogQuery(filters));

  function show(next: AuditFilters) {
    const updated = new URLSearchParams();
    for (const field of FIELDS) if (next[field].trim()) updated.set(field, next[field].trim());
    if (next.page > 1) updated.set('page', String(next.page));
    setParams(updated);
  }

  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h2 id="audit-title" className="text-lg font-semibold text-slate-900">
        {t('Audit log')}
      </h2>
      <AuditLogFilters key={params.toString()} filters={filters} onApply={show} />
      {query.isPending ? (
        <LoadingPanel label={t('Loading the audit log...')} />
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.entries.length === 0 ? (
        <EmptyPanel>{t('No audit entries match these filters.')}</EmptyPanel>
      ) : (
        <AuditTable entries={query.data.entries} />
      )}
      {query.data ? (
        <PageNav
          label={t('Audit log pages')}
          page={filters.page}
          hasMore={query.data.hasMore}
          busy={query.isPlaceholderData}
          onPageChange={(page) => show({ ...filters, page })}
        />
      ) : null}
    </section>
  );
}

function AuditTable({ entries }: { entries: AuditLogPage['entries'] }) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-labelledby="audit-title"
    >
      <table className="w-full min-w-[880px] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {[msg('Time'), msg('Actor'), msg('Action'), msg('Target'), msg('Change'), msg('Request id')].map(
              (heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                  {t(heading)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => {
            const link = targetLink(entry.targetType, entry.targetId);
            const changes = auditChanges(entry.summary);
            return (
              <tr key={entry.id} data-testid="audit-entry" className="align-top">
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                  {formatDateTime(entry.createdAt)}
                </td>
                <td className="px-3 py-2">
                  <span className="text-slate-900">{entry.actorName}</span>
                  <span className="block break-all font-mono text-xs text-slate-500">{entry.actorId}</span>
                </td>
                <td className="px-3 py-2">
                  <span className="text-slate-900">{t(auditActionLabel(entry.action))}</span>
                  <span className="block font-mono text-xs text-slate-500">{entry.action}</span>
                </td>
                <td className="px-3 py-2">
                  <span className="text-slate-600">{entry.targetType} </span>
                  {link ? (
                    <Link to={link} className="break-all font-mono text-xs text-brand-800 hover:underline">
                      {entry.targetId}
                    </Link>
                  ) : (
                    <span className="break-all font-mono text-xs">{entry.targetId}</span>
                  )}
                </td>
                <td className="px-3 py-2 text-slate-800">
                  {changes.map((change) => (
                    <span key={change} className="block break-words">
                      {change}
                    </span>
                  ))}
                  {entry.summary.note ? (
                    <span className="block whitespace-pre-wrap break-words text-slate-600">
                      “{entry.summary.note}”
                    </span>
                  ) : null}
                  {changes.length === 0 && !entry.summary.note ? '—' : null}
                </td>
                <td className="break-all px-3 py-2 font-mono text-xs text-slate-600">
                  {entry.requestId ?? '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
