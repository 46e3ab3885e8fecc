import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { content } from '../../config/content';
import HelpIcon from 'lucide-react/icons/circle-help';
import ShieldIcon from 'lucide-react/icons/shield-check';
import type { HelpPanelState } from './help-panel';
import { deferredPart } from '../../lib/deferred-part';
import { t } from '../../lib/i18n';
import { UserMenuStandIn } from './user-menu-trigger';

// The account menu (Radix's menu) is not what a screen is opened for: its code comes after the first
// screen, or at once when pressed (lib/deferred-part.tsx).
const UserMenu = deferredPart<{ user: PublicUser }>(
  () => import('./user-menu').then((module) => module.UserMenu),
  UserMenuStandIn,
);

// The shell's breakpoint: 768 px. Without matchMedia (tests), as on a desktop.
const WIDE = '(min-width: 768px)';
const onWidthChange = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(WIDE);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;

type TopBarProps = {
  user: PublicUser;
  helpPanelId: string;
  helpState: HelpPanelState;
  onToggleHelp: () => void;
  /** Desktop-only status pieces (connectivity, wallet), supplied by the app layer. */
  status: ReactNode;
  /** The notification bell, supplied by the app layer. */
  notifications: ReactNode;
};

/** The top bar. Connectivity and wallet are desktop-only; they are slots of other features. */
export function TopBar({ user, helpPanelId, helpState, onToggleHelp, status, notifications }: TopBarProps) {
  const wide = useSyncExternalStore(onWidthChange, isWide);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
      <Link
        to="/app/dashboard"
        className="flex min-w-0 items-center gap-2 rounded-lg px-1 font-semibold text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ShieldIcon className="hidden h-6 w-6 shrink-0 text-brand-700 sm:block" />
        <span className="truncate">{content.productName}</span>
      </Link>
      <div className="flex items-center gap-1 sm:gap-2">
        {/* Not mounted on a phone at all, where it would be hidden: no code, no balance request. */}
        {wide ? <div className="hidden items-center gap-2 md:flex">{status}</div> : null}
        <button
          type="button"
          onClick={onToggleHelp}
          aria-label={t('Help')}
          aria-expanded={helpState !== 'closed'}
          aria-controls={helpState !== 'closed' ? helpPanelId : undefined}
          className="flex h-9 w-9 items-center justify-center rounded-full sm:h-10 sm:w-10 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <HelpIcon className="h-5 w-5" />
        </button>
        {notifications}
        <UserMenu user={user} />
      </div>
    </header>
  );
}
