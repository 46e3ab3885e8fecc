import {
  countdownText,
  UNRESOLVED_DISPUTE_STATUSES,
  type DisputeStatus,
} from '@escrow/shared/domain/disputes';

const HOUR_MS = 3_600_000;

/** How long ago a dispute was raised, compactly: 'under 1 h', '5 h', '2 d 3 h'. */
export function ageText(createdAt: string, now: Date): string {
  const hours = Math.floor((now.getTime() - Date.parse(createdAt)) / HOUR_MS);
  if (!Number.isFinite(hours) || hours < 1) return 'under 1 h';
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

export type SlaState =
  { kind: 'breached'; text: string } | { kind: 'running'; text: string } | { kind: 'done'; text: string };

/**
 * The SLA clock (48 h from raising, docs/disputes.md). The server's `slaBreached` decides, and a clock
 * that has run out on this screen counts too, so a queue left open turns red without a refetch.
 */
export function slaState(
  dispute: { status: DisputeStatus; slaDueAt: string; slaBreached: boolean },
  now: Date,
): SlaState {
  const unresolved = UNRESOLVED_DISPUTE_STATUSES.includes(dispute.status);
  const due = new Date(dispute.slaDueAt);
  if (dispute.slaBreached || (unresolved && due.getTime() <= now.getTime()))
    return { kind: 'breached', text: 'SLA breached' };
  if (!unresolved) return { kind: 'done', text: 'Answered within SLA' };
  return { kind: 'running', text: `SLA due ${countdownText(due, now)}` };
}
