import type { ReactNode } from 'react';
import { RESOLUTION_ACTION_LABELS } from '@escrow/shared/domain/disputes';
import { msg } from '@escrow/shared/i18n/msg';
import type { Dispute, DisputeResolution } from '@escrow/shared/schemas/disputes';
import { Card, CardTitle } from '../../components/ui/card';
import { formatDateTime, formatDeadline, formatMoney } from '../../lib/format';
import { t } from '../../lib/i18n';
import { fullName, partyLabel } from './dispute-labels';
import { Badge } from '../../components/ui/panels';
import { timeLeftText } from './sla';

const TYPE_LABELS: Record<DisputeResolution['resolutionType'], string> = {
  AUTOMATIC: msg('Automatic'),
  MEDIATION: msg('Proposal'),
  ARBITRATION: msg('Arbitration'),
  ADMIN_DECISION: msg('Admin decision'),
};

/** 'Rejected (expired)': a REJECTED proposal and why it closed (rejected, expired, superseded, withdrawn). */
function statusText(resolution: DisputeResolution): string {
  if (resolution.status === 'PENDING') return t('Pending');
  if (resolution.status === 'ACCEPTED') return t('Executed');
  return t(
    '{reason, select, rejected {Rejected (rejected)} expired {Rejected (expired)} superseded {Rejected (superseded)} withdrawn {Rejected (withdrawn)} other {Rejected}}',
    { reason: resolution.closedReason ?? 'none' },
  );
}

/** 'Lapses in 2 days if not answered (22 Nov 2026, 00:30 WAT)'. */
function lapseText(expiresAt: string, now: Date): string {
  const left = timeLeftText(new Date(expiresAt), now);
  const deadline = formatDeadline(expiresAt);
  return left === null
    ? t('Lapses now if not answered ({deadline})', { deadline })
    : t('Lapses in {time} if not answered ({deadline})', { time: left, deadline });
}

/**
 * Every proposal and decision, newest first; a pending proposal shows when it lapses. `actions` renders
 * what the viewer may do with one (a party answering the other's proposal).
 */
export function DisputeResolutions({
  dispute,
  now = new Date(),
  actions,
}: {
  dispute: Dispute;
  now?: Date;
  actions?: (resolution: DisputeResolution) => ReactNode;
}) {
  const resolutions = [...dispute.resolutions].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
  const currency = dispute.transaction.currency;
  return (
    <Card>
      <CardTitle>{t('Resolutions')}</CardTitle>
      {resolutions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('No proposals or decisions yet.')}</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label={t('Resolution history')}>
          {resolutions.map((resolution) => (
            <li key={resolution.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">
                  {t(RESOLUTION_ACTION_LABELS[resolution.resolution])}
                </span>
                <Badge tone={resolution.resolutionType === 'ADMIN_DECISION' ? 'violet' : 'slate'}>
                  {t(TYPE_LABELS[resolution.resolutionType])}
                </Badge>
                <span className="text-xs text-slate-600">{statusText(resolution)}</span>
              </div>
              {resolution.resolution === 'REFUND_PARTIAL' && resolution.amount !== null ? (
                <p className="mt-1 text-slate-700">
                  {t('Buyer’s share: {amount}', { amount: formatMoney(resolution.amount, currency) })}
                </p>
              ) : null}
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{resolution.reason}</p>
              {resolution.rejectionReason ? (
                <p className="mt-1 text-slate-600">
                  {t('Rejected because: {reason}', { reason: resolution.rejectionReason })}
                </p>
              ) : null}
              <p className="mt-1 text-xs text-slate-500">
                {fullName(resolution.proposedBy)} ({partyLabel(resolution.proposedBy, dispute.transaction)}) ·{' '}
                {formatDateTime(resolution.createdAt)}
                {resolution.decidedAt
                  ? ` · ${t('decided {date}', { date: formatDateTime(resolution.decidedAt) })}`
                  : ''}
              </p>
              {resolution.status === 'PENDING' && resolution.expiresAt ? (
                <p className="mt-1 text-xs font-medium text-amber-800">
                  {lapseText(resolution.expiresAt, now)}
                </p>
              ) : null}
              {actions?.(resolution)}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
