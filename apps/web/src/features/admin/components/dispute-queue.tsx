import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  DISPUTE_PRIORITIES,
  DISPUTE_STATUSES,
  type DisputePriority,
  type DisputeStatus,
} from '@escrow/shared/domain/disputes';
import { Button } from '../../../components/ui/button';
import { AGE_FILTERS, disputeQueueQuery, useTakeDispute, type QueueFilters } from '../api/dispute-queue';
import { useDisputeLiveRefresh } from '../hooks/use-dispute-live-refresh';
import { useNow } from '../../../lib/use-now';
import { EmptyPanel, ErrorPanel, LoadingPanel, PageNav } from '../../../components/ui/panels';
import { DisputeQueueFilters, type QueueFilterChange } from './dispute-queue-filters';
import { DisputeQueueItem } from './dispute-queue-item';
import { t } from '../../../lib/i18n';

const AGES: readonly string[] = AGE_FILTERS.map((age) => age.value).filter(Boolean);

/** The filters live in the URL (?status=&priority=&age=&mine=1&page=), so Back from a dispute keeps them. */
export function queueFiltersFrom(params: URLSearchParams): QueueFilters {
  const status = params.get('status');
  const priority = params.get('priority');
  const age = params.get('age') ?? '';
  const page = Number(params.get('page'));
  return {
    status: (DISPUTE_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as DisputeStatus)
      : undefined,
    priority: (DISPUTE_PRIORITIES as readonly string[]).includes(priority ?? '')
      ? (priority as DisputePriority)
      : undefined,
    olderThanHours: AGES.includes(age) ? Number(age) : undefined,
    assignedToMe: params.get('mine') === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The staff dispute queue (docs/disputes.md): newest first, with the SLA clock of each. */
export function DisputeQueue() {
  const [params, setParams] = useSearchParams();
  const filters = queueFiltersFrom(params);
  const query = useQuery(disputeQueueQuery(filters));
  const { live } = useDisputeLiveRefresh();
  const now = useNow();
  const take = useTakeDispute();
  const navigate = useNavigate();
  const filtered = Boolean(
    filters.status || filters.priority || filters.olderThanHours || filters.assignedToMe,
  );

  function update(change: QueueFilterChange & { page?: number }) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | undefined) =>
          value ? next.set(key, value) : next.delete(key);
        if (change.status !== undefined) set('status', change.status);
        if (change.priority !== undefined) set('priority', change.priority);
        if (change.age !== undefined) set('age', change.age);
        if (change.mine !== undefined) set('mine', change.mine ? '1' : undefined);
        set('page', change.page && change.page > 1 ? String(change.page) : undefined);
        return next;
      },
      { replace: change.page === undefined },
    );
  }

  function takeDispute(id: string) {
    take.mutate(id, {
      onSuccess: () => {
        toast.success(t('Dispute taken: it is assigned to you'));
        void navigate(`/app/admin/disputes/${encodeURIComponent(id)}`);
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section aria-labelledby="queue-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="queue-title" className="text-lg font-semibold text-slate-900">
            {t('Dispute queue')}
          </h2>
          <p className="text-sm text-slate-600">
            {live
              ? t('Live: the queue updates as disputes change.')
              : t('Live updates are paused; refresh to see changes.')}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? t('Refreshing...') : t('Refresh')}
        </Button>
      </div>

      <DisputeQueueFilters filters={filters} onChange={update} />

      {query.isPending ? (
        <LoadingPanel label={t('Loading disputes...')} />
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.disputes.length === 0 ? (
        <EmptyPanel>
          {filtered ? t('No disputes match these filters.') : t('No disputes in the queue.')}
        </EmptyPanel>
      ) : (
        <ul className="space-y-3" aria-label={t('Disputes')}>
          {query.data.disputes.map((dispute) => (
            <DisputeQueueItem
              key={dispute.id}
              dispute={dispute}
              now={now}
              taking={take.isPending && take.variables === dispute.id}
              onTake={(item) => takeDispute(item.id)}
            />
          ))}
        </ul>
      )}

      {query.data ? (
        <PageNav
          label={t('Dispute queue pages')}
          page={filters.page}
          hasMore={query.data.hasMore}
          busy={query.isPlaceholderData}
          onPageChange={(page) => update({ page })}
        />
      ) : null}
    </section>
  );
}
