import { Link } from 'react-router';
import { DISPUTE_TYPE_META, UNRESOLVED_DISPUTE_STATUSES } from '@escrow/shared/domain/disputes';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import type { QueueItem } from '../api/dispute-queue';
import { fullName } from '../../../widgets/disputes/dispute-labels';
import { ageText, slaState } from '../../../widgets/disputes/sla';
import { Badge } from '../../../components/ui/panels';
import { DisputeStatusBadge, PriorityBadge } from '../../../widgets/disputes/dispute-badges';
import { SlaClock } from '../../../widgets/disputes/sla-clock';
import { t } from '../../../lib/i18n';

type Props = {
  dispute: QueueItem;
  now: Date;
  onTake: (dispute: QueueItem) => void;
  taking: boolean;
};

/** One dispute of the queue: a card that reads as a row on a laptop and stacks at 360 px. */
export function DisputeQueueItem({ dispute, now, onTake, taking }: Props) {
  const breached = slaState(dispute, now).kind === 'breached';
  const takeable = !dispute.assignedTo && UNRESOLVED_DISPUTE_STATUSES.includes(dispute.status);
  const workspace = `/app/admin/disputes/${encodeURIComponent(dispute.id)}`;

  return (
    <li
      data-testid="queue-item"
      className={cn(
        'rounded-xl border bg-white p-4 shadow-sm',
        breached ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={workspace} className="break-words font-semibold text-brand-800 hover:underline">
            {dispute.reason}
          </Link>
          <p className="mt-0.5 break-words text-sm text-slate-600">
            {t(DISPUTE_TYPE_META[dispute.disputeType].label)} · {dispute.transaction.description}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <DisputeStatusBadge status={dispute.status} />
          <PriorityBadge priority={dispute.priority} />
          {dispute.partySuspended ? <Badge tone="violet">{t('Suspended party')}</Badge> : null}
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <div>
          <dt className="text-xs text-slate-500">{t('Amount')}</dt>
          <dd className="font-medium text-slate-900">
            {formatMoney(dispute.transaction.price, dispute.transaction.currency)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs text-slate-500">{t('Parties')}</dt>
          <dd className="text-slate-800">
            {fullName(dispute.raiser)} <span className="text-slate-500">{t('against')}</span>{' '}
            {fullName(dispute.accused)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('Age')}</dt>
          <dd className="text-slate-800">{ageText(dispute.createdAt, now)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('SLA')}</dt>
          <dd>
            <SlaClock dispute={dispute} now={now} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('Assignee')}</dt>
          <dd className="text-slate-800">
            {dispute.assignedTo ? fullName(dispute.assignedTo) : t('Unassigned')}
          </dd>
        </div>
      </dl>

      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Link
          to={workspace}
          className="inline-flex h-8 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={t('Open dispute: {reason}', { reason: dispute.reason })}
        >
          {t('Open')}
        </Link>
        {takeable ? (
          <Button
            size="sm"
            disabled={taking}
            onClick={() => onTake(dispute)}
            aria-label={t('Take dispute: {reason}', { reason: dispute.reason })}
          >
            {taking ? t('Taking...') : t('Take')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
