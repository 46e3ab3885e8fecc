import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Label } from '../../../components/ui/input';
import { Badge, EmptyPanel, ErrorPanel, LoadingPanel, PageNav, Select } from '../../../components/ui/panels';
import { t } from '../../../lib/i18n';

/*
 * The console's lists of work that is retried and can run out of attempts (card and bank refunds, text
 * messages): filtered by status in the URL, paged, a table of rows with their status and attempts.
 */

/** The filter and page live in the URL (?status=&page=), so a view can be shared with a colleague. */
export function useStatusFilter<F extends string>(filters: readonly F[], fallback: F) {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const asked = Number(params.get('page'));
  const filter = (filters as readonly string[]).includes(status ?? '') ? (status as F) : fallback;
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;

  function show(next: { filter: F; page: number }) {
    const updated = new URLSearchParams();
    if (next.filter !== fallback) updated.set('status', next.filter);
    if (next.page > 1) updated.set('page', String(next.page));
    setParams(updated);
  }
  return { filter, page, show };
}

/**
 * A titled list with its status filter, loading and error states, empty text and page links. The texts
 * come translated, except `filterLabels` (msg() tables, translated here).
 */
export function StatusList<F extends string, D extends { hasMore: boolean }>({
  title,
  intro,
  filters,
  filterLabels,
  state,
  query,
  count,
  loading,
  empty,
  pagesLabel,
  children,
}: {
  title: string;
  intro: string;
  filters: readonly F[];
  filterLabels: Partial<Record<F, string>>;
  state: ReturnType<typeof useStatusFilter<F>>;
  query: UseQueryResult<D>;
  count: (data: D) => number;
  loading: string;
  empty: string;
  pagesLabel: string;
  children: (data: D, labelledBy: string) => ReactNode;
}) {
  const id = useId();
  const { filter, page, show } = state;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      <div className="max-w-xs">
        <Label htmlFor={`${id}-status`}>{t('Status')}</Label>
        <Select
          id={`${id}-status`}
          value={filter}
          onChange={(event) => show({ filter: event.target.value as F, page: 1 })}
        >
          {filters.map((option) => (
            <option key={option} value={option}>
              {t(filterLabels[option] ?? option)}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <LoadingPanel label={loading} />
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : count(query.data) === 0 ? (
        <EmptyPanel>{empty}</EmptyPanel>
      ) : (
        children(query.data, `${id}-title`)
      )}
      {query.data ? (
        <PageNav
          label={pagesLabel}
          page={page}
          hasMore={query.data.hasMore}
          busy={query.isPlaceholderData}
          onPageChange={(next) => show({ filter, page: next })}
        />
      ) : null}
    </section>
  );
}

/** A wide table that scrolls sideways in its own keyboard-reachable region on a small screen (`headings`: msg() texts). */
export function StatusTable({
  headings,
  minWidth,
  labelledBy,
  children,
}: {
  headings: readonly string[];
  minWidth: 'min-w-[720px]' | 'min-w-[960px]';
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {t(heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

export type StatusLook = { label: string; tone: 'red' | 'amber' | 'slate' | 'violet' };

/** A row's status badge (`look.label`: a msg() text), with the latest thing that happened to it (or when it is tried next). */
export function StatusCell({ look, change }: { look: StatusLook; change: string | null }) {
  return (
    <td className="px-3 py-2">
      <Badge tone={look.tone}>{t(look.label)}</Badge>
      {change ? <span className="mt-1 block text-xs text-slate-600">{change}</span> : null}
    </td>
  );
}

/** How many attempts a row has had, and the last one's error. */
export function AttemptsCell({ attempts, lastError }: { attempts: number; lastError: string | null }) {
  return (
    <td className="px-3 py-2 text-slate-800">
      {attempts}
      {lastError ? <span className="block break-words text-xs text-red-700">{lastError}</span> : null}
    </td>
  );
}
