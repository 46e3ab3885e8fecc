import { Link, useSearchParams } from 'react-router';
import {
  DISPUTE_STATUSES,
  DISPUTE_TEXT,
  DISPUTE_TYPE_META,
  type DisputeStatus,
} from '@escrow/shared/domain/disputes';
import type { DisputeListItem } from '@escrow/shared/schemas/disputes';
import { DisputeStatusBadge, PriorityBadge } from '../../../widgets/disputes/dispute-badges';
import { disputeStatusLabel, fullName } from '../../../widgets/disputes/dispute-labels';
import { Badge, EmptyPanel, ErrorPanel, LoadingPanel, Select } from '../../../components/ui/panels';
import { formatDate, formatWholeAmount } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useDisputeUpdates } from '../../../lib/use-dispute-updates';
import { disputeKeys, useMyDisputes } from '../api/disputes';
import { DisputeTypeIcon } from '../lib/dispute-type-icon';

const isStatus = (value: string | null): value is DisputeStatus =>
  DISPUTE_STATUSES.includes(value as DisputeStatus);

/** /app/disputes: the disputes the user raised or was named in, filtered by status (kept in the URL). */
export function DisputesList() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const query = useMyDisputes(status);
  useDisputeUpdates(disputeKeys.all);

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('Disputes')}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {t(
              'Problems with a transaction, and how they are being settled. The money stays in escrow meanwhile.',
            )}
          </p>
        </div>
        <Link
          to="/app/disputes/create"
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('Raise a Dispute')}
        </Link>
      </header>

      <div className="flex items-center gap-2">
        <label htmlFor="dispute-status-filter" className="text-sm font-medium text-slate-700">
          {t('Status')}
        </label>
        <Select
          id="dispute-status-filter"
          className="w-48"
          value={status ?? ''}
          onChange={(event) =>
            setParams(event.target.value ? { status: event.target.value } : {}, { replace: true })
          }
        >
          <option value="">{t('All disputes')}</option>
          {DISPUTE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {disputeStatusLabel(value)}
            </option>
          ))}
        </Select>
      </div>

      {query.isPending ? (
        <LoadingPanel label={t('Loading disputes...')} />
      ) : query.isError ? (
        <ErrorPanel error={new Error(t(DISPUTE_TEXT.loadFailed))} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyPanel>
          {status
            ? t(
                '{status, select, OPEN {No open disputes.} IN_REVIEW {No in review disputes.} RESOLVED {No resolved disputes.} other {No closed disputes.}}',
                { status },
              )
            : t('No disputes. If something goes wrong with a transaction, raise one from its details page.')}
        </EmptyPanel>
      ) : (
        <ul className="space-y-3" aria-label={t('Your disputes')}>
          {query.data.map((dispute) => (
            <DisputeRow key={dispute.id} dispute={dispute} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DisputeRow({ dispute }: { dispute: DisputeListItem }) {
  const other = dispute.viewerRole === 'RAISER' ? dispute.accused : dispute.raiser;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="dispute-row">
      <div className="flex flex-wrap items-start gap-3">
        <span className="mt-0.5 text-slate-500" title={t(DISPUTE_TYPE_META[dispute.disputeType].label)}>
          <DisputeTypeIcon type={dispute.disputeType} />
        </span>
        {/* At least 15rem for the title: at 375 px the badges go under it. */}
        <div className="min-w-0 grow basis-60">
          <Link
            to={`/app/disputes/${dispute.id}`}
            className="break-words font-semibold text-slate-900 hover:underline"
          >
            {dispute.reason}
          </Link>
          <p className="mt-0.5 break-words text-sm text-slate-600">
            {t('{description} · {amount} · with {name}', {
              description: dispute.transaction.description,
              amount: formatWholeAmount(dispute.transaction.price, dispute.transaction.currency),
              name: fullName(other),
            })}
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            {dispute.viewerRole === 'RAISER'
              ? t('You raised this on {date}', { date: formatDate(dispute.createdAt) })
              : t('Raised against you on {date}', { date: formatDate(dispute.createdAt) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {dispute.awaitingMyAnswer ? <Badge tone="red">{t('Your answer is needed')}</Badge> : null}
          <PriorityBadge priority={dispute.priority} />
          <DisputeStatusBadge status={dispute.status} />
        </div>
      </div>
      {dispute.status === 'OPEN' ? (
        <div className="mt-3 border-t border-slate-100 pt-3 text-right">
          <Link
            to={`/app/disputes/${dispute.id}/resolve`}
            className="text-sm font-medium text-brand-800 hover:underline"
            aria-label={t('Resolve: {reason}', { reason: dispute.reason })}
          >
            {t('Resolve')}
          </Link>
        </div>
      ) : null}
    </li>
  );
}
