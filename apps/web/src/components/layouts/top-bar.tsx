import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { content } from '../../config/content';
import HelpIcon from 'lucide-react/icons/circle-help';
import ShieldIcon from 'lucide-react/icons/shield-check';
import type { HelpPanelState } from './help-panel';
import { UserMenu } from './user-menu';

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

/** Spec 02 §2.2 top bar. Connectivity and wallet are desktop-only; they are slots of other features. */
export function TopBar({ user, helpPanelId, helpState, onToggleHelp, status, notifications }: TopBarProps) {
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
        <div className="hidden items-center gap-2 md:flex">{status}</div>
        <button
          type="button"
          onClick={onToggleHelp}
          aria-label="Help"
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
