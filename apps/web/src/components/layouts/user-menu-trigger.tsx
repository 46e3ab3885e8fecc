import type { ReactNode } from 'react';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { menuTriggerHandlers } from '../../lib/deferred-part';
import { t } from '../../lib/i18n';
import { AvatarFrame, initialsOf } from '../ui/avatar-frame';

/** The top bar's account button, as the menu (user-menu.tsx) and its stand-in below both show it. */
export const USER_MENU_TRIGGER_CLASS =
  'flex min-w-0 items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:pr-3';

// The first name shows from 400 px up; narrower phones keep the initials so the product name fits.
// The name is "Account menu for {first name}" and holds the name shown (WCAG 2.5.3, label in name).
export function UserMenuLabel({ user, avatar }: { user: PublicUser; avatar: ReactNode }) {
  return (
    <>
      <span className="sr-only">{t('Account menu for')}</span> {avatar}
      <span className="hidden max-w-24 truncate text-sm font-medium text-slate-800 min-[400px]:inline sm:max-w-32">
        {user.firstName}
      </span>
      {/* Below 400 px only the initials show; the name stays in the button's name. */}
      <span className="sr-only min-[400px]:hidden">{user.firstName}</span>
    </>
  );
}

/**
 * Stands in for the account menu until its code (Radix's menu) has arrived (lib/deferred-part.tsx):
 * the same button, with the initials; a press opens the menu as soon as it is there.
 */
export function UserMenuStandIn({ user, activate }: { user: PublicUser; activate: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      {...menuTriggerHandlers(activate)}
      className={USER_MENU_TRIGGER_CLASS}
    >
      <UserMenuLabel user={user} avatar={<AvatarFrame size="sm">{initialsOf(user)}</AvatarFrame>} />
    </button>
  );
}
