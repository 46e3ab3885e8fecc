import { lazy, Suspense, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import MoreIcon from 'lucide-react/icons/ellipsis';
import { cn } from '../../lib/cn';
import { useFirstScreenShown } from '../../lib/first-screen';
import { t } from '../../lib/i18n';
import {
  badgeText,
  BOTTOM_NAV_ITEM_CLASS,
  BOTTOM_NAV_ITEMS,
  moreButtonClass,
  type NavItem,
  type UnreadCounts,
} from './nav-items';

// The sheet's code (a Radix dialog) comes after the first screen, or when 'More' is pressed
// (docs/performance.md, Web); the button itself is here, so it works at once.
const MoreSheet = lazy(() => import('./more-sheet').then((module) => ({ default: module.MoreSheet })));

function More({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const later = useFirstScreenShown();
  const button = useRef<HTMLButtonElement>(null);
  const sheetId = useId();
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? sheetId : undefined}
        onClick={() => setOpen(true)}
        className={moreButtonClass(items, useLocation().pathname)}
      >
        <MoreIcon className="h-5 w-5" />
        <span>{t('More')}</span>
      </button>
      {open || later ? (
        <Suspense fallback={null}>
          <MoreSheet items={items} open={open} onOpenChange={setOpen} button={button} contentId={sheetId} />
        </Suspense>
      ) : null}
    </>
  );
}

type BottomNavProps = { unread: UnreadCounts; moreItems: NavItem[]; className?: string };

/** Phone navigation under 768 px: one row of five fixed to the bottom, the fifth opening the rest. */
export function BottomNav({ unread, moreItems, className }: BottomNavProps) {
  return (
    <nav
      aria-label={t('Bottom navigation')}
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]',
        className,
      )}
    >
      <ul className="grid grid-cols-5">
        {BOTTOM_NAV_ITEMS.map(({ label, to, Icon, badge }) => {
          const count = badge ? badgeText(unread[badge]) : null;
          return (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    BOTTOM_NAV_ITEM_CLASS,
                    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
                  )
                }
              >
                <Icon className="h-5 w-5" />
                <span>{t(label)}</span>
                {count ? (
                  <span className="absolute right-[calc(50%-1.25rem)] top-1.5 rounded-full bg-brand-700 px-1.5 text-[10px] font-semibold leading-4 text-white">
                    {count}
                    <span className="sr-only"> {t('unread')}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
        <li>
          <More items={moreItems} />
        </li>
      </ul>
    </nav>
  );
}
