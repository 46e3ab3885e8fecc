import type { Message } from '@escrow/shared/schemas/messages';

const dayKey = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });

/** 'Today', 'Yesterday', or '24 Nov 2026' (Lagos days). */
export function dayLabel(iso: string, now = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  if (key === dayKey(new Date(now.getTime() - 86_400_000).toISOString())) return 'Yesterday';
  return new Date(iso).toLocaleDateString('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium' });
}

/** Messages grouped by day, in order; messages without a usable time are dropped (spec 02 §3). */
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

/** 'Just now' under a minute or for an unparseable time, '5 min ago', '3 h ago', else the time of day. */
export function relativeTime(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'Just now';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 12 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return new Date(at).toLocaleTimeString('en-NG', { timeZone: 'Africa/Lagos', timeStyle: 'short' });
}
