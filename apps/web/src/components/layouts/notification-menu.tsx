import { Link } from 'react-router';
import { BellIcon } from '../ui/icons';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../ui/popover';
import { badgeText } from './nav-items';

/** The bell in the top bar: unread badge ('9+' above 9) and a short panel (spec 02 §2.2). */
export function NotificationMenu({ unreadCount }: { unreadCount: number }) {
  const badge = badgeText(unreadCount);
  return (
    <Popover>
      <PopoverTrigger
        aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
        className="relative flex h-9 w-9 items-center justify-center rounded-full sm:h-10 sm:w-10 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <BellIcon />
        {badge ? (
          <span
            aria-hidden="true"
            className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-5 text-white"
          >
            {badge}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications">
        <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
        <p className="mt-2 text-sm text-slate-600">Notification cards have been removed from this menu.</p>
        <PopoverClose asChild>
          <Link
            to="/app/notifications"
            className="mt-4 inline-flex h-9 w-full items-center justify-center rounded-lg bg-brand-700 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            View All
          </Link>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  );
}
