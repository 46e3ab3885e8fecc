import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminUserQuerySchema } from '@escrow/shared/schemas/admin';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format';
import { userSearchQuery } from '../api/users';
import { fullName } from '../../../widgets/disputes/dispute-labels';
import { Badge, EmptyPanel, ErrorPanel, LoadingPanel, PageNav } from '../../../components/ui/panels';
import { t } from '../../../lib/i18n';

/** The search box: the server's own rule for `q` (trimmed, at most 200 characters). */
const searchSchema = adminUserQuerySchema.pick({ q: true });
type SearchInput = z.input<typeof searchSchema>;
type SearchValues = z.output<typeof searchSchema>;

/**
 * User lookup by e-mail, name or id; the search lives in the URL (?q=&page=) so Back returns to it, and
 * the box follows the URL (it shows the search whose results are listed).
 */
export function UserSearch() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const query = useQuery(userSearchQuery(q, page));
  const form = useForm<SearchInput, unknown, SearchValues>({
    resolver: zodResolver(searchSchema),
    values: { q },
  });
  const searchError = form.formState.errors.q?.message;
  const error = searchError ? t(searchError) : undefined;
  const search = form.handleSubmit((values) => setParams(values.q ? { q: values.q } : {}));

  function goTo(next: number) {
    setParams(() => {
      const updated = new URLSearchParams();
      if (q) updated.set('q', q);
      if (next > 1) updated.set('page', String(next));
      return updated;
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('Users')}
      </h2>
      <form
        role="search"
        onSubmit={search}
        className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="min-w-0 flex-1 basis-56">
          <Field id={`${id}-q`} label={t('Search users')} error={error}>
            <Input
              id={`${id}-q`}
              type="search"
              placeholder={t('E-mail, name or user id')}
              maxLength={200}
              {...fieldErrorProps(`${id}-q`, error)}
              {...form.register('q')}
            />
          </Field>
        </div>
        <Button type="submit">{t('Search')}</Button>
      </form>

      {query.isPending ? (
        <LoadingPanel label={t('Searching users...')} />
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.users.length === 0 ? (
        <EmptyPanel>{q ? t('No users match “{q}”.', { q }) : t('No users yet.')}</EmptyPanel>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
          aria-label={t('Users found')}
        >
          {query.data.users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div className="min-w-0">
                <Link
                  to={`/app/admin/users/${encodeURIComponent(user.id)}`}
                  className="font-medium text-brand-800 hover:underline"
                >
                  {fullName(user)}
                </Link>
                <p className="break-all text-sm text-slate-600">{user.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                {user.closedAt ? <Badge tone="slate">{t('Closed')}</Badge> : null}
                {user.suspendedAt ? <Badge tone="red">{t('Suspended')}</Badge> : null}
                {user.role !== 'USER' ? <Badge tone="violet">{user.role}</Badge> : null}
                <Badge tone="slate">{user.verificationLevel}</Badge>
                <span>{t('Trust {score}', { score: user.trustScore })}</span>
                <span>· {t('joined {date}', { date: formatDate(user.createdAt) })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}

      {query.data ? (
        <PageNav
          label={t('User search pages')}
          page={page}
          hasMore={query.data.hasMore}
          busy={query.isPlaceholderData}
          onPageChange={goTo}
        />
      ) : null}
    </section>
  );
}
