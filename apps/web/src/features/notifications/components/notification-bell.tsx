import BellIcon from 'lucide-react/icons/bell';
import { t } from '../../../lib/i18n';

export const BELL_CLASS =
  'relative flex h-9 w-9 items-center justify-center rounded-full sm:h-10 sm:w-10 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The bell until the notification menu's code (a Radix popover) and its unread count have arrived
 * (app/shell-slots.tsx): the same button without a badge; a press opens the menu once it is there.
 */
export function NotificationBellStandIn({ activate }: { activate: () => void }) {
  return (
    <button
      type="button"
      aria-label={t('Notifications')}
      aria-haspopup="dialog"
      aria-expanded="false"
      onClick={activate}
      className={BELL_CLASS}
    >
      <BellIcon className="h-5 w-5" />
    </button>
  );
}
