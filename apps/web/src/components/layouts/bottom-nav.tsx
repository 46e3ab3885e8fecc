import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { badgeText, BOTTOM_NAV_ITEMS, type UnreadCounts } from './nav-items';

type BottomNavProps = { unread: UnreadCounts; className?: string };

/** Phone navigation under 768 px: eight destinations in two rows of four, fixed to the bottom. */
export function BottomNav({ unread, className }: BottomNavProps) {
  return (
    <nav
      aria-label="Bottom navigation"
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]',
        className,
      )}
    >
      <ul className="grid grid-cols-4">
        {BOTTOM_NAV_ITEMS.map(({ label, to, Icon, badge }) => {
          const count = badge ? badgeText(unread[badge]) : null;
          return (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'relative flex h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
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
      </ul>
    </nav>
  );
}
