import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { MoreSheet } from './more-sheet';
import {
  badgeText,
  BOTTOM_NAV_ITEM_CLASS,
  BOTTOM_NAV_ITEMS,
  type NavItem,
  type UnreadCounts,
} from './nav-items';

type BottomNavProps = { unread: UnreadCounts; moreItems: NavItem[]; className?: string };

/** Phone navigation under 768 px: one row of five fixed to the bottom, the fifth opening the rest. */
export function BottomNav({ unread, moreItems, className }: BottomNavProps) {
  return (
    <nav
      aria-label="Bottom navigation"
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
                <span>{label}</span>
                {count ? (
                  <span className="absolute right-[calc(50%-1.25rem)] top-1.5 rounded-full bg-brand-700 px-1.5 text-[10px] font-semibold leading-4 text-white">
                    {count}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
        <li>
          <MoreSheet items={moreItems} />
        </li>
      </ul>
    </nav>
  );
}
