import { UNRESOLVED_DISPUTE_STATUSES, type DisputeStatus } from '@escrow/shared/domain/disputes';
import { t } from '../../lib/i18n';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The time left until `until`, in the screens' language: '2 days 3 hours', '5 hours', '12 minutes', or
 * null once it has passed. The same parts as the shared countdownText ('in 2 days 3 hours', 'now'), so
 * a sentence can hold it as a whole message ('SLA due in {time}').
 */
export function timeLeftText(until: Date, now: Date): string | null {
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return null;
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.max(1, Math.floor((ms % HOUR_MS) / 60_000));
  if (days > 0)
    return hours
      ? t('{days, plural, one {# day} other {# days}} {hours, plural, one {# hour} other {# hours}}', {
          days,
          hours,
        })
      : t('{days, plural, one {# day} other {# days}}', { days });
  if (hours > 0) return t('{hours, plural, one {# hour} other {# hours}}', { hours });
  return t('{minutes, plural, one {# minute} other {# minutes}}', { minutes });
}

/** How long ago a dispute was raised, compactly: 'under 1 h', '5 h', '2 d 3 h'. */
export function ageText(createdAt: string, now: Date): string {
  const hours = Math.floor((now.getTime() - Date.parse(createdAt)) / HOUR_MS);
  if (!Number.isFinite(hours) || hours < 1) return t('under 1 h');
  if (hours < 48) return t('{hours} h', { hours: String(hours) });
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest
    ? t('{days} d {hours} h', { days: String(days), hours: String(rest) })
    : t('{days} d', { days: String(days) });
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
    return { kind: 'breached', text: t('SLA breached') };
  if (!unresolved) return { kind: 'done', text: t('Answered within SLA') };
  const left = timeLeftText(due, now);
  return { kind: 'running', text: left === null ? t('SLA due now') : t('SLA due in {time}', { time: left }) };
}
