import type { DisputeStatus } from '@escrow/shared/domain/disputes';
import { formatDeadline } from '../../lib/format';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n';
import { slaState } from './sla';

/** The 48-hour SLA from raising: a countdown, red 'SLA breached' once it has passed. */
export function SlaClock({
  dispute,
  now,
}: {
  dispute: { status: DisputeStatus; slaDueAt: string; slaBreached: boolean };
  now: Date;
}) {
  const sla = slaState(dispute, now);
  return (
    <span
      data-sla={sla.kind}
      title={t('Due {deadline}', { deadline: formatDeadline(dispute.slaDueAt) })}
      className={cn(
        'inline-flex items-center rounded-md text-sm',
        sla.kind === 'breached' && 'bg-red-100 px-2 py-0.5 font-semibold text-red-800',
        sla.kind === 'running' && 'text-slate-800',
        sla.kind === 'done' && 'text-slate-500',
      )}
    >
      {sla.text}
    </span>
  );
}
