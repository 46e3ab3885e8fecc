import { Link } from 'react-router';
import type { Notification } from '@escrow/shared/schemas/notifications';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatActivityTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { notificationLink } from '../lib/notification-link';

const PRIORITY_LOOK: Record<Notification['priority'], string> = {
  URGENT: 'border-l-red-600',
  HIGH: 'border-l-orange-500',
  MEDIUM: 'border-l-sky-500',
  LOW: 'border-l-slate-300',
};

/** One notification: title, message, time, a link to what it is about, mark read and delete. */
export function NotificationCard({
  note,
  onMarkRead,
  onDelete,
  compact = false,
  onNavigate,
  heading: Heading = 'h3',
}: {
  note: Notification;
  onMarkRead?: (id: string) => void;
  onDelete?: (id: string) => void;
  compact?: boolean;
  /** Called when its link is followed (the bell's menu closes). */
  onNavigate?: () => void;
  /** One level under the heading above the list: h2 under the page's h1, h3 under the bell's h2. */
  heading?: 'h2' | 'h3';
}) {
  const link = notificationLink(note);
  return (
    <article
      data-testid="notification-card"
      data-read={note.isRead}
      aria-label={note.title}
      className={cn(
        'rounded-lg border border-l-4 border-slate-200 bg-white p-3 text-sm',
        PRIORITY_LOOK[note.priority],
        !note.isRead && 'bg-brand-50/40',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Heading className="font-semibold text-slate-900">
          {!note.isRead ? <span className="sr-only">{t('Unread:')} </span> : null}
          {note.title}
        </Heading>
        <time dateTime={note.createdAt} className="text-xs text-slate-500">
          {formatActivityTime(note.createdAt)}
        </time>
      </div>
      <p className={cn('mt-1 break-words text-slate-700', compact && 'line-clamp-2')}>{note.message}</p>
      {!compact || link ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {link ? (
            <Link to={link} onClick={onNavigate} className="font-medium text-brand-800 hover:underline">
              {typeof note.metadata?.linkLabel === 'string' && typeof note.metadata.link === 'string'
                ? note.metadata.linkLabel
                : note.metadata?.disputeId
                  ? t('Open the dispute')
                  : note.type === 'MESSAGE'
                    ? t('Open the chat')
                    : t('Open the transaction')}
            </Link>
          ) : null}
          {!compact && !note.isRead && onMarkRead ? (
            <Button variant="secondary" size="sm" onClick={() => onMarkRead(note.id)}>
              {t('Mark as read')}
            </Button>
          ) : null}
          {!compact && onDelete ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onDelete(note.id)}
              aria-label={t('Delete notification: {title}', { title: note.title })}
            >
              {t('Delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
