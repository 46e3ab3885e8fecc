import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n';
import {
  badgeText,
  OPERATOR_CONSOLE_ITEM,
  SIDE_NAV_ITEMS,
  type NavItem,
  type UnreadCounts,
} from './nav-items';

type SideNavProps = { showOperatorConsole: boolean; unread: UnreadCounts; className?: string };

/** Left navigation for screens 768 px and wider; the active page is highlighted and marked current. */
export function SideNav({ showOperatorConsole, unread, className }: SideNavProps) {
  const items: NavItem[] = showOperatorConsole ? [...SIDE_NAV_ITEMS, OPERATOR_CONSOLE_ITEM] : SIDE_NAV_ITEMS;
  return (
    <nav aria-label={t('Main navigation')} className={cn('border-r border-slate-200 bg-white', className)}>
      <ul className="flex flex-col gap-1 p-3">
        {items.map(({ label, to, Icon, badge }) => {
          const count = badge ? badgeText(unread[badge]) : null;
          return (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
                    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                <Icon className="h-5 w-5 shrink-0" />
                <span className="flex-1">{t(label)}</span>
                {count ? (
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {count}
                    <span className="sr-only"> {t('unread')}</span>
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
