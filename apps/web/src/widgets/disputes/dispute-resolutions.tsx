import type { ReactNode } from 'react';
import { countdownText, RESOLUTION_ACTION_LABELS } from '@escrow/shared/domain/disputes';
import type { Dispute, DisputeResolution } from '@escrow/shared/schemas/disputes';
import { Card, CardTitle } from '../../components/ui/card';
import { formatDateTime, formatDeadline, formatMoney } from '../../lib/format';
import { fullName, partyLabel } from './dispute-labels';
import { Badge } from '../../components/ui/panels';

const TYPE_LABELS: Record<DisputeResolution['resolutionType'], string> = {
  AUTOMATIC: 'Automatic',
  MEDIATION: 'Proposal',
  ARBITRATION: 'Arbitration',
  ADMIN_DECISION: 'Admin decision',
};

const CLOSED_REASON_LABELS: Record<NonNullable<DisputeResolution['closedReason']>, string> = {
  rejected: 'rejected',
  expired: 'expired',
  superseded: 'superseded',
  withdrawn: 'withdrawn',
};

function statusText(resolution: DisputeResolution): string {
  if (resolution.status === 'PENDING') return 'Pending';
  if (resolution.status === 'ACCEPTED') return 'Executed';
  return `Rejected${resolution.closedReason ? ` (${CLOSED_REASON_LABELS[resolution.closedReason]})` : ''}`;
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
      <CardTitle>Resolutions</CardTitle>
      {resolutions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No proposals or decisions yet.</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label="Resolution history">
          {resolutions.map((resolution) => (
            <li key={resolution.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">
                  {RESOLUTION_ACTION_LABELS[resolution.resolution]}
                </span>
                <Badge tone={resolution.resolutionType === 'ADMIN_DECISION' ? 'violet' : 'slate'}>
                  {TYPE_LABELS[resolution.resolutionType]}
                </Badge>
                <span className="text-xs text-slate-600">{statusText(resolution)}</span>
              </div>
              {resolution.resolution === 'REFUND_PARTIAL' && resolution.amount !== null ? (
                <p className="mt-1 text-slate-700">
                  Buyer’s share: {formatMoney(resolution.amount, currency)}
                </p>
              ) : null}
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{resolution.reason}</p>
              {resolution.rejectionReason ? (
                <p className="mt-1 text-slate-600">Rejected because: {resolution.rejectionReason}</p>
              ) : null}
              <p className="mt-1 text-xs text-slate-500">
                {fullName(resolution.proposedBy)} ({partyLabel(resolution.proposedBy, dispute.transaction)}) ·{' '}
                {formatDateTime(resolution.createdAt)}
                {resolution.decidedAt ? ` · decided ${formatDateTime(resolution.decidedAt)}` : ''}
              </p>
              {resolution.status === 'PENDING' && resolution.expiresAt ? (
                <p className="mt-1 text-xs font-medium text-amber-800">
                  Lapses {countdownText(new Date(resolution.expiresAt), now)} if not answered (
                  {formatDeadline(resolution.expiresAt)})
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
