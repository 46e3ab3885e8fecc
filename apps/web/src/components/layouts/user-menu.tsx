import { useEffect } from 'react';
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
import CodeIcon from 'lucide-react/icons/code';
import ConsoleIcon from 'lucide-react/icons/terminal';
import LogOutIcon from 'lucide-react/icons/log-out';
import SettingsIcon from 'lucide-react/icons/settings';
import UserIcon from 'lucide-react/icons/user';
import { formatMonthYear } from '../../lib/format';
import { t } from '../../lib/i18n';
import { useLogoutDialog } from './logout-dialog';
import { USER_MENU_TRIGGER_CLASS, UserMenuLabel } from './user-menu-trigger';
import { isStaff, OPERATOR_CONSOLE_ITEM } from './nav-items';

function memberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return formatMonthYear(date);
}

/** Account menu in the top bar: who is signed in, where to manage it, and Log out. */
export function UserMenu({ user, openAtOnce = false }: { user: PublicUser; openAtOnce?: boolean }) {
  const navigate = useNavigate();
  const { openLogoutDialog, prepareLogoutDialog } = useLogoutDialog();
  useEffect(() => {
    if (openAtOnce) prepareLogoutDialog();
  }, [openAtOnce, prepareLogoutDialog]);
  const since = memberSince(user.createdAt);

  return (
    // Not modal: the logout dialog opens from this menu and must get focus once the menu closes.
    // Open at once when it was pressed before its code had arrived (top-bar.tsx).
    <DropdownMenu
      modal={false}
      defaultOpen={openAtOnce}
      onOpenChange={(open) => open && prepareLogoutDialog()}
    >
      <DropdownMenuTrigger className={USER_MENU_TRIGGER_CLASS}>
        <UserMenuLabel user={user} avatar={<Avatar person={user} size="sm" />} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex items-start gap-3">
          <Avatar person={user} size="md" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-slate-600">{user.email}</p>
            {since ? (
              <p className="mt-1 text-xs text-slate-500">{t('Member since {since}', { since })}</p>
            ) : null}
            <VerificationLevelBadge level={user.verificationLevel} className="mt-2" />
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/app/profile')}>
          <UserIcon className="h-4 w-4" /> {t('Profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/profile')}>
          <SettingsIcon className="h-4 w-4" /> {t('Settings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/notifications')}>
          <BellIcon className="h-4 w-4" /> {t('Notifications')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/developers')}>
          <CodeIcon className="h-4 w-4" /> {t('Developers')}
        </DropdownMenuItem>
        {isStaff(user.role) ? (
          <DropdownMenuItem onSelect={() => navigate(OPERATOR_CONSOLE_ITEM.to)}>
            <ConsoleIcon className="h-4 w-4" /> {t(OPERATOR_CONSOLE_ITEM.label)}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={openLogoutDialog}
          className="text-red-700 data-[highlighted]:text-red-800"
        >
          <LogOutIcon className="h-4 w-4" /> {t('Log out')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
