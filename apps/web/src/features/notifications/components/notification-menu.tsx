import { useState } from 'react';
import { Link } from 'react-router';
import BellIcon from 'lucide-react/icons/bell';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { badgeText } from '../../../components/layouts/nav-items';
import { t } from '../../../lib/i18n';
import { useNotifications, useUnreadNotifications } from '../api/notifications';
import { BELL_CLASS } from './notification-bell';
import { NotificationCard } from './notification-card';

const LATEST = 5;

/** The bell in the top bar: the unread badge ('9+' above 9) and the latest notifications. */
export function NotificationMenu({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const unread = useUnreadNotifications();
  const badge = badgeText(unread.data ?? 0);
  // Open at once when the bell was pressed before this code had arrived (app/shell-slots.tsx).
  const [open, setOpen] = useState(openAtOnce);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        aria-label={badge ? t('Notifications, {badge} unread', { badge }) : t('Notifications')}
        className={BELL_CLASS}
      >
        <BellIcon className="h-5 w-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-5 text-white"
          >
            {badge}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent aria-label={t('Notifications')}>
        <h2 className="text-sm font-semibold text-slate-900">{t('Notifications')}</h2>
        {open ? <LatestNotifications onNavigate={() => setOpen(false)} /> : null}
        <PopoverClose asChild>
          <Link
            to="/app/notifications"
            className="mt-4 inline-flex h-9 w-full items-center justify-center rounded-lg bg-brand-700 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('View All')}
          </Link>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  );
}

/** Mounted only while the menu is open: the latest few, fetched when it opens. */
function LatestNotifications({ onNavigate }: { onNavigate: () => void }) {
  const latest = useNotifications('all', LATEST);
  if (latest.isPending) return <Spinner label={t('Loading notifications...')} />;
  if (latest.isError)
    return <p className="mt-2 text-sm text-red-700">{t('Could not load notifications.')}</p>;
  if (latest.data.notifications.length === 0)
    return <p className="mt-2 text-sm text-slate-600">{t('No notifications yet.')}</p>;
  return (
    <ul className="mt-2 max-h-80 space-y-2 overflow-y-auto" aria-label={t('Latest notifications')}>
      {latest.data.notifications.map((note) => (
        <li key={note.id}>
          <NotificationCard note={note} compact onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}
