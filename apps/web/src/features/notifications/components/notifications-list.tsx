import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { NOTIFICATION_FILTERS, type NotificationFilter } from '@escrow/shared/domain/notifications';
import { msg } from '@escrow/shared/i18n/msg';
import { NOTIFICATION_TEXT } from '@escrow/shared/texts/notifications';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import {
  useClearNotifications,
  useDeleteNotification,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from '../api/notifications';
import { NotificationCard } from './notification-card';

const PAGE = 20;
const FILTER_LABELS: Record<NotificationFilter, string> = {
  all: msg('All'),
  unread: msg('Unread'),
  read: msg('Read'),
};

/**
 * The Notifications tab: filters All / Unread / Read, Refresh, Mark all read, Clear all, and the cards
 * (mark read, delete, a link to what each is about). Opening the page marks everything read; what
 * arrives while it is open stays unread until read here.
 */
export function NotificationsList() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  const [confirmClear, setConfirmClear] = useState(false);
  const query = useNotifications(filter, limit);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotification();
  const clear = useClearNotifications();
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    markAll.mutate();
  }, [markAll]);

  async function refresh() {
    const result = await query.refetch();
    if (!result.isError) toast.success(t(NOTIFICATION_TEXT.refreshed));
  }

  const notes = query.data?.notifications ?? [];
  const unread = query.data?.unreadCount ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('Show')} className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {NOTIFICATION_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setLimit(PAGE);
              }}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600',
                filter === value && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {t(FILTER_LABELS[value])}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={query.isFetching}>
            {query.isFetching ? t('Refreshing...') : t('Refresh')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => markAll.mutate()}
            disabled={unread === 0 || markAll.isPending}
          >
            {t('Mark all read')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirmClear(true)}
            disabled={notes.length === 0}
          >
            {t('Clear all')}
          </Button>
        </div>
      </div>

      {query.isPending ? (
        <LoadingPanel label={t('Loading notifications...')} />
      ) : query.isError ? (
        <ErrorPanel
          error={new Error(t(NOTIFICATION_TEXT.unavailable))}
          onRetry={() => void query.refetch()}
        />
      ) : notes.length === 0 ? (
        <EmptyPanel>
          {filter === 'unread'
            ? t('No unread notifications.')
            : filter === 'read'
              ? t('No read notifications.')
              : t('No notifications yet. Updates on your transactions, payments and disputes appear here.')}
        </EmptyPanel>
      ) : (
        <>
          <ul className="space-y-2" aria-label={t('Notifications')}>
            {notes.map((note) => (
              <li key={note.id}>
                <NotificationCard
                  note={note}
                  heading="h2"
                  onMarkRead={(id) => markRead.mutate(id)}
                  onDelete={(id) =>
                    remove.mutate(id, { onSuccess: () => toast.success(t('Notification deleted')) })
                  }
                />
              </li>
            ))}
          </ul>
          {query.data.hasMore ? (
            <Button variant="secondary" className="w-full" onClick={() => setLimit((n) => n + PAGE)}>
              {t('Show more')}
            </Button>
          ) : null}
        </>
      )}

      <Dialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t('Clear all notifications?')}
        description={t(
          'Every notification is deleted for good. Your transactions and wallet history are not affected.',
        )}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmClear(false)}>
              {t('Cancel')}
            </Button>
            <Button
              disabled={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmClear(false);
                    toast.success(t('Notifications cleared'));
                  },
                })
              }
            >
              {t('Clear all')}
            </Button>
          </>
        }
      />
    </div>
  );
}
