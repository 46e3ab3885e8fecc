import { VerificationLevelBadge } from '../verification-level-badge';
import { useNavigate } from 'react-router';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Avatar } from '../ui/avatar';
import BellIcon from 'lucide-react/icons/bell';
import ConsoleIcon from 'lucide-react/icons/terminal';
import LogOutIcon from 'lucide-react/icons/log-out';
import SettingsIcon from 'lucide-react/icons/settings';
import UserIcon from 'lucide-react/icons/user';
import { formatMonthYear } from '../../lib/format';
import { useLogoutDialog } from './logout-dialog';
import { isStaff, OPERATOR_CONSOLE_ITEM } from './nav-items';

function memberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return formatMonthYear(date);
}

/** Account menu in the top bar (spec 02 §2.2): who is signed in, where to manage it, and Log out. */
export function UserMenu({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const { openLogoutDialog } = useLogoutDialog();
  const since = memberSince(user.createdAt);

  return (
    // The first name shows from 400 px up; narrower phones keep the initials so the product name fits.
    // Not modal: the logout dialog opens from this menu and must get focus once the menu closes.
    <DropdownMenu modal={false}>
      {/* The name is "Account menu for {first name}" and holds the name shown (WCAG 2.5.3, label in name). */}
      <DropdownMenuTrigger className="flex min-w-0 items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:pr-3">
        <span className="sr-only">Account menu for</span> <Avatar person={user} size="sm" />
        <span className="hidden max-w-24 truncate text-sm font-medium text-slate-800 min-[400px]:inline sm:max-w-32">
          {user.firstName}
        </span>
        {/* Below 400 px only the initials show; the name stays in the button's name. */}
        <span className="sr-only min-[400px]:hidden">{user.firstName}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex items-start gap-3">
          <Avatar person={user} size="md" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-slate-600">{user.email}</p>
            {since ? <p className="mt-1 text-xs text-slate-500">Member since {since}</p> : null}
            <VerificationLevelBadge level={user.verificationLevel} className="mt-2" />
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/app/profile')}>
          <UserIcon className="h-4 w-4" /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/profile')}>
          <SettingsIcon className="h-4 w-4" /> Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/notifications')}>
          <BellIcon className="h-4 w-4" /> Notifications
        </DropdownMenuItem>
        {isStaff(user.role) ? (
          <DropdownMenuItem onSelect={() => navigate(OPERATOR_CONSOLE_ITEM.to)}>
            <ConsoleIcon className="h-4 w-4" /> {OPERATOR_CONSOLE_ITEM.label}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={openLogoutDialog}
          className="text-red-700 data-[highlighted]:text-red-800"
        >
          <LogOutIcon className="h-4 w-4" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
