import type { Message } from '@escrow/shared/schemas/messages';
import { lagosDay } from '../../lib/dates';
import { formatMediumDate, formatTime } from '../../lib/format';
import { t } from '../../lib/i18n';

/** 'Today', 'Yesterday', or '24 Nov 2026' (Lagos days), in the screens' language (called while rendering). */
export function dayLabel(iso: string, now = new Date()): string {
  const key = lagosDay(iso);
  if (key === lagosDay(now)) return t('Today');
  if (key === lagosDay(now.getTime() - 86_400_000)) return t('Yesterday');
  return formatMediumDate(iso);
}

/** Messages grouped by day, in order; messages without a usable time are dropped. */
export function groupByDay(messages: Message[], now = new Date()) {
  const groups: { label: string; messages: Message[] }[] = [];
  for (const message of messages) {
    if (!message.id || Number.isNaN(Date.parse(message.timestamp))) continue;
    const label = dayLabel(message.timestamp, now);
    const last = groups.at(-1);
    if (last?.label === label) last.messages.push(message);
    else groups.push({ label, messages: [message] });
  }
  return groups;
}

/**
 * 'Just now' under a minute or for an unparseable time, '5 min ago', '3 h ago', else the time of day;
 * in the screens' language (called while rendering).
 */
export function relativeTime(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return t('Just now');
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return t('Just now');
  if (minutes < 60) return t('{minutes} min ago', { minutes });
  if (minutes < 12 * 60) return t('{hours} h ago', { hours: Math.floor(minutes / 60) });
  return formatTime(at);
}
