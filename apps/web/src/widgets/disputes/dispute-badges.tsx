import type { DisputePriority, DisputeStatus } from '@escrow/shared/domain/disputes';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n';
import { badgeLook } from '../../components/ui/panels';
import { disputeStatusLabel } from './dispute-labels';

/** OPEN yellow, IN_REVIEW blue, RESOLVED green, CLOSED gray. */
const STATUS_COLOURS: Record<DisputeStatus, string> = {
  OPEN: 'bg-amber-100 text-amber-900',
  IN_REVIEW: 'bg-blue-100 text-blue-900',
  RESOLVED: 'bg-emerald-100 text-emerald-900',
  CLOSED: 'bg-slate-200 text-slate-700',
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return (
    <span data-status={status} className={cn(badgeLook, STATUS_COLOURS[status])}>
      {disputeStatusLabel(status)}
    </span>
  );
}

const PRIORITY_COLOURS: Record<DisputePriority, string> = {
  LOW: 'bg-slate-100 text-slate-700',
  MEDIUM: 'bg-sky-100 text-sky-900',
  HIGH: 'bg-orange-100 text-orange-900',
  URGENT: 'bg-red-100 text-red-900',
};

export function PriorityBadge({ priority }: { priority: DisputePriority }) {
  return (
    <span className={cn(badgeLook, PRIORITY_COLOURS[priority])}>
      {t(
        '{priority, select, LOW {Low priority} MEDIUM {Medium priority} HIGH {High priority} other {Urgent priority}}',
        {
          priority,
        },
      )}
    </span>
  );
}
