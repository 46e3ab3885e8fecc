import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DISPUTE_TEXT, DISPUTE_TYPE_META, UNRESOLVED_DISPUTE_STATUSES } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { disputeQuery } from '../api/dispute-detail';
import { useTakeDispute } from '../api/dispute-queue';
import { useDisputeLiveRefresh } from '../hooks/use-dispute-live-refresh';
import { useNow } from '../../../lib/use-now';
import type { StaffViewer } from '../lib/staff';
import { fullName } from '../../../widgets/disputes/dispute-labels';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { DisputeStatusBadge, PriorityBadge } from '../../../widgets/disputes/dispute-badges';
import { DecidePanel } from './decide-panel';
import { DisputeEvidence } from '../../../widgets/disputes/dispute-evidence';
import { StaffDisputeMessages } from './dispute-messages';
import { StaffChat } from './staff-chat';
import { DisputeParties } from './dispute-parties';
import { DisputeResolutions } from '../../../widgets/disputes/dispute-resolutions';
import { SlaClock } from '../../../widgets/disputes/sla-clock';
import { TransactionLedger } from './transaction-ledger';
import { t } from '../../../lib/i18n';

/**
 * One dispute for staff: the conversation (internal notes included), evidence, proposals, the
 * transaction and its ledger entries, and the decision. Live updates refetch it as the parties act.
 */
export function DisputeWorkspace({ disputeId, viewer }: { disputeId: string; viewer: StaffViewer }) {
  const query = useQuery(disputeQuery(disputeId));
  useDisputeLiveRefresh();

  return (
    <div className="space-y-4">
      <Link to="/app/admin/disputes" className="text-sm font-medium text-brand-800 hover:underline">
        ← {t('Back to the queue')}
      </Link>
      {query.isPending ? (
        <LoadingPanel label={t('Loading dispute...')} />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <Card role="alert">
            <h2 className="text-lg font-semibold text-slate-900">{t(DISPUTE_TEXT.notFoundTitle)}</h2>
            <p className="mt-1 text-sm text-slate-600">{query.error.message}</p>
          </Card>
        ) : (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <WorkspaceBody dispute={query.data} viewer={viewer} />
      )}
    </div>
  );
}

function WorkspaceBody({ dispute, viewer }: { dispute: Dispute; viewer: StaffViewer }) {
  const now = useNow();
  return (
    <>
      <WorkspaceHeader dispute={dispute} viewer={viewer} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <StaffDisputeMessages dispute={dispute} />
          <StaffChat disputeId={dispute.id} />
          <DisputeEvidence dispute={dispute} />
          <DisputeResolutions dispute={dispute} now={now} />
        </div>
        <div className="min-w-0 space-y-4">
          <DisputeParties dispute={dispute} />
          <DecidePanel dispute={dispute} />
        </div>
      </div>
      <TransactionLedger transactionId={dispute.transactionId} />
    </>
  );
}

function WorkspaceHeader({ dispute, viewer }: { dispute: Dispute; viewer: StaffViewer }) {
  const now = useNow();
  const take = useTakeDispute();
  const takeable = !dispute.assignedTo && UNRESOLVED_DISPUTE_STATUSES.includes(dispute.status);

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-xl font-semibold text-slate-900">{dispute.reason}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {t(DISPUTE_TYPE_META[dispute.disputeType].label)} ·{' '}
            {t('raised {date}', { date: formatDateTime(dispute.createdAt) })}
            {dispute.escalatedAt
              ? ` · ${t('escalated {date}', { date: formatDateTime(dispute.escalatedAt) })}`
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <DisputeStatusBadge status={dispute.status} />
          <PriorityBadge priority={dispute.priority} />
        </div>
      </div>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">{dispute.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <SlaClock dispute={dispute} now={now} />
        <span className="text-slate-700">
          {t('Assignee: {name}', {
            name: dispute.assignedTo
              ? dispute.assignedTo.id === viewer.id
                ? t('You')
                : fullName(dispute.assignedTo)
              : t('Unassigned'),
          })}
        </span>
        {takeable ? (
          <Button
            size="sm"
            disabled={take.isPending}
            onClick={() =>
              take.mutate(dispute.id, {
                onSuccess: () => toast.success(t('Dispute taken: it is assigned to you')),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {take.isPending ? t('Taking...') : t('Take')}
          </Button>
        ) : null}
      </div>
      {dispute.resolutionNotes ? (
        <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {t('Decision: {notes}', { notes: dispute.resolutionNotes })}
        </p>
      ) : null}
    </Card>
  );
}
