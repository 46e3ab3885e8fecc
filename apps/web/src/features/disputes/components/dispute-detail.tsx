import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DISPUTE_TEXT, DISPUTE_TYPE_META, RESOLUTION_ACTION_LABELS } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { DisputeStatusBadge, PriorityBadge } from '../../../widgets/disputes/dispute-badges';
import { DisputeEvidence } from '../../../widgets/disputes/dispute-evidence';
import { fullName } from '../../../widgets/disputes/dispute-labels';
import { DisputeMessages } from '../../../widgets/disputes/dispute-messages';
import { DisputeResolutions } from '../../../widgets/disputes/dispute-resolutions';
import { SlaClock } from '../../../widgets/disputes/sla-clock';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { ErrorPanel } from '../../../components/ui/panels';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatDeadline, formatWholeAmount } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useDisputeUpdates } from '../../../lib/use-dispute-updates';
import { useNow } from '../../../lib/use-now';
import { disputeKeys, disputeQuery } from '../api/disputes';
import { DisputeTypeIcon } from '../lib/dispute-type-icon';
import { EscalateDialog } from './escalate-dialog';
import { EvidenceDialog } from './evidence-dialog';
import { MessageForm } from './message-form';
import { ProposalAnswer } from './proposal-answer';
import { ProposeDialog } from './propose-dialog';

type Action = 'evidence' | 'propose' | 'escalate' | null;

function BackLink() {
  return (
    <Link to="/app/disputes" className="text-sm font-medium text-brand-800 hover:underline">
      {t('← Back to Disputes')}
    </Link>
  );
}

/** /app/disputes/{id} (and /resolve, which opens Propose Resolution): one dispute, live. */
export function DisputeDetail({
  disputeId,
  viewerId,
  startWith = null,
}: {
  disputeId: string;
  viewerId: string;
  startWith?: Action;
}) {
  const query = useQuery(disputeQuery(disputeId));
  useDisputeUpdates(disputeKeys.detail(disputeId));

  if (query.isPending) return <Spinner label={t('Loading dispute...')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <div className="mx-auto max-w-4xl space-y-4">
          <BackLink />
          <Card role="alert">
            <h1 className="text-lg font-semibold text-slate-900">{t(DISPUTE_TEXT.notFoundTitle)}</h1>
            <p className="mt-1 text-sm text-slate-600">{t(DISPUTE_TEXT.notFoundBody)}</p>
          </Card>
        </div>
      );
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        <BackLink />
        <ErrorPanel error={new Error(t(DISPUTE_TEXT.detailFailed))} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <DisputeBody dispute={query.data} viewerId={viewerId} startWith={startWith} />;
}

function DisputeBody({
  dispute,
  viewerId,
  startWith,
}: {
  dispute: Dispute;
  viewerId: string;
  startWith: Action;
}) {
  const now = useNow();
  const party = dispute.viewerRole === 'RAISER' || dispute.viewerRole === 'ACCUSED';
  const open = dispute.status === 'OPEN';
  const [action, setAction] = useState<Action>(party && open ? startWith : null);
  const close = () => setAction(null);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <BackLink />
      <header className="flex flex-wrap items-start gap-3">
        <span
          className="mt-1 rounded-lg bg-slate-100 p-2 text-slate-700"
          title={t(DISPUTE_TYPE_META[dispute.disputeType].label)}
        >
          <DisputeTypeIcon type={dispute.disputeType} />
        </span>
        {/* At least 15rem for the title: at 375 px the badges go under it. */}
        <div className="min-w-0 grow basis-60">
          <h1 className="break-words text-2xl font-bold text-slate-900">{dispute.reason}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('Dispute #{id} · {type} · created {date}', {
              id: dispute.id,
              type: t(DISPUTE_TYPE_META[dispute.disputeType].label),
              date: formatDate(dispute.createdAt),
            })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={dispute.priority} />
          <DisputeStatusBadge status={dispute.status} />
        </div>
      </header>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <Overview dispute={dispute} now={now} />
          <DisputeMessages dispute={dispute}>
            {party && dispute.status !== 'CLOSED' ? <MessageForm dispute={dispute} /> : null}
            {dispute.status === 'CLOSED' ? (
              <p className="mt-4 text-sm text-slate-600">{t(DISPUTE_TEXT.closedNoMessages)}</p>
            ) : null}
          </DisputeMessages>
          <DisputeEvidence dispute={dispute} />
          {dispute.resolutions.length ? (
            <DisputeResolutions
              dispute={dispute}
              now={now}
              actions={(resolution) => (
                <ProposalAnswer dispute={dispute} resolution={resolution} viewerId={viewerId} />
              )}
            />
          ) : null}
        </div>
        <div className="min-w-0 space-y-4">
          {party && open ? (
            <Card className="space-y-2">
              <CardTitle>{t('Quick Actions')}</CardTitle>
              <Button variant="secondary" className="w-full" onClick={() => setAction('evidence')}>
                {t('Upload Evidence')}
              </Button>
              <Button variant="secondary" className="w-full" onClick={() => setAction('propose')}>
                {t('Propose Resolution')}
              </Button>
              {dispute.escalatedAt ? (
                <p className="text-sm text-slate-600">
                  {t('Escalated to support {date}.', { date: formatDateTime(dispute.escalatedAt) })}
                </p>
              ) : (
                <Button variant="secondary" className="w-full" onClick={() => setAction('escalate')}>
                  {t('Escalate to Support')}
                </Button>
              )}
            </Card>
          ) : null}
          <Card>
            <CardTitle>{t('Related Transaction')}</CardTitle>
            <p className="mt-2 break-words text-sm text-slate-800">{dispute.transaction.description}</p>
            <p className="text-sm text-slate-600">
              {formatWholeAmount(dispute.transaction.price, dispute.transaction.currency)}
            </p>
            <Link
              to={`/app/transactions/${dispute.transactionId}`}
              className="mt-3 inline-block text-sm font-medium text-brand-800 hover:underline"
            >
              {t('View transaction')}
            </Link>
          </Card>
        </div>
      </div>

      {action === 'evidence' ? <EvidenceDialog dispute={dispute} onClose={close} /> : null}
      {action === 'propose' ? <ProposeDialog dispute={dispute} onClose={close} /> : null}
      {action === 'escalate' ? <EscalateDialog dispute={dispute} onClose={close} /> : null}
    </div>
  );
}

function Overview({ dispute, now }: { dispute: Dispute; now: Date }) {
  const { transaction } = dispute;
  return (
    <Card>
      <CardTitle>{t('Overview')}</CardTitle>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">{dispute.description}</p>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <Item label={t('Transaction')}>{transaction.description}</Item>
        <Item label={t('Amount')}>{formatWholeAmount(transaction.price, transaction.currency)}</Item>
        <Item label={t('Raised by')}>{fullName(dispute.raiser)}</Item>
        <Item label={t('Against')}>{fullName(dispute.accused)}</Item>
        <Item label={t('Support answers')}>
          <SlaClock dispute={dispute} now={now} />
        </Item>
        {dispute.closesAt && dispute.status === 'RESOLVED' ? (
          <Item label={t('Closes')}>{formatDeadline(dispute.closesAt)}</Item>
        ) : null}
        {dispute.resolution ? (
          <Item label={t('Resolution')}>{t(RESOLUTION_ACTION_LABELS[dispute.resolution])}</Item>
        ) : null}
        {dispute.resolutionNotes ? (
          <Item label={t('Resolution notes')}>{dispute.resolutionNotes}</Item>
        ) : null}
      </dl>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-slate-900">{children}</dd>
    </div>
  );
}
