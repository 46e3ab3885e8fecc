import { useState } from 'react';
import type { Conversation } from '@escrow/shared/schemas/messages';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { relativeTime } from '../../../widgets/chat/day-groups';
import { isOnline } from '../../../widgets/chat/presence';

const FIRST = 8;
const PREVIEW = 50;

/** The conversations: other party, transaction, last message, unread count, online; 8 then Show More. */
export function ConversationList({
  conversations,
  viewerId,
  selected,
  onSelect,
}: {
  conversations: Conversation[];
  viewerId: string;
  selected: string | null;
  onSelect: (transactionId: string) => void;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? conversations : conversations.slice(0, FIRST);
  return (
    <div>
      <ul aria-label={t('Conversations')} className="divide-y divide-slate-100">
        {shown.map((c) => {
          const other = c.participantDetails.find((p) => p.userId !== viewerId);
          const last = c.lastMessage?.content ?? '';
          return (
            <li key={c.transactionId}>
              <button
                type="button"
                onClick={() => onSelect(c.transactionId)}
                aria-current={selected === c.transactionId ? 'true' : undefined}
                className={cn(
                  'flex w-full items-start gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600',
                  selected === c.transactionId && 'bg-brand-50',
                )}
              >
                <span className="relative mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700">
                  {(other?.name ?? '?').charAt(0).toUpperCase()}
                  {other && isOnline(other.lastSeen) ? (
                    <span
                      className="absolute bottom-0 right-0 h-2.5 w-2.5 rounded-full bg-emerald-500 ring-2 ring-white"
                      title={t('Online')}
                    />
                  ) : null}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-medium text-slate-900">{other?.name ?? t('Unknown')}</span>
                    {c.lastMessage ? (
                      <span className="shrink-0 text-[11px] text-slate-500">
                        {relativeTime(c.lastMessage.timestamp)}
                      </span>
                    ) : null}
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    {c.transactionDetails.description}
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-xs text-slate-500">
                      {last.length > PREVIEW ? `${last.slice(0, PREVIEW)}…` : last}
                    </span>
                    {c.unreadCount > 0 ? (
                      <span
                        className="shrink-0 rounded-full bg-red-600 px-1.5 text-[10px] font-semibold leading-4 text-white"
                        aria-label={t('{count} unread', { count: c.unreadCount })}
                      >
                        {c.unreadCount > 9 ? '9+' : c.unreadCount}
                      </span>
                    ) : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {!all && conversations.length > FIRST ? (
        <div className="p-3">
          <Button variant="secondary" size="sm" className="w-full" onClick={() => setAll(true)}>
            {t('Show More')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
