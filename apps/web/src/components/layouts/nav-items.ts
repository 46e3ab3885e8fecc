import type { ComponentType } from 'react';
import { msg } from '@escrow/shared/i18n/msg';
import { cn } from '../../lib/cn';
import BellIcon from 'lucide-react/icons/bell';
import ConsoleIcon from 'lucide-react/icons/terminal';
import HomeIcon from 'lucide-react/icons/house';
import LinkIcon from 'lucide-react/icons/link';
import ListIcon from 'lucide-react/icons/list';
import MessageIcon from 'lucide-react/icons/message-circle';
import PlusIcon from 'lucide-react/icons/plus';
import ScaleIcon from 'lucide-react/icons/scale';
import UserIcon from 'lucide-react/icons/user';
import WalletIcon from 'lucide-react/icons/wallet';

export type NavItem = {
  label: string;
  to: string;
  Icon: ComponentType<{ className?: string }>;
  /** Which unread counter, if any, shows as a badge on this item. */
  badge?: 'messages';
};

/** Side navigation on large screens, in this order. */
export const SIDE_NAV_ITEMS: NavItem[] = [
  { label: msg('Dashboard'), to: '/app/dashboard', Icon: HomeIcon },
  { label: msg('Create Transaction'), to: '/app/create-transaction', Icon: PlusIcon },
  { label: msg('Join Transaction'), to: '/app/join-transaction', Icon: LinkIcon },
  { label: msg('My Transactions'), to: '/app/transactions', Icon: ListIcon },
  { label: msg('Messages'), to: '/app/messages', Icon: MessageIcon, badge: 'messages' },
  { label: msg('Notifications'), to: '/app/notifications', Icon: BellIcon },
  { label: msg('Wallet'), to: '/app/wallet', Icon: WalletIcon },
  { label: msg('Disputes'), to: '/app/disputes', Icon: ScaleIcon },
  { label: msg('User Profile'), to: '/app/profile', Icon: UserIcon },
];

/**
 * Bottom navigation under 768 px. Eight items in two rows took about 110 px of a phone screen; one
 * row of four plus 'More' keeps them all, the rest one tap away in the More sheet.
 */
export const BOTTOM_NAV_ITEMS: NavItem[] = [
  { label: msg('Dashboard'), to: '/app/dashboard', Icon: HomeIcon },
  { label: msg('Create'), to: '/app/create-transaction', Icon: PlusIcon },
  { label: msg('Transactions'), to: '/app/transactions', Icon: ListIcon },
  { label: msg('Messages'), to: '/app/messages', Icon: MessageIcon, badge: 'messages' },
];

/** One cell of the bottom navigation (a link or the More button). */
export const BOTTOM_NAV_ITEM_CLASS =
  'relative flex h-14 w-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600';

/** 'More' (more-sheet.tsx, and its stand-in in bottom-nav.tsx) is marked current on one of its pages. */
export const moreButtonClass = (items: NavItem[], pathname: string) =>
  cn(
    BOTTOM_NAV_ITEM_CLASS,
    items.some(({ to }) => pathname === to || pathname.startsWith(`${to}/`))
      ? 'text-brand-700'
      : 'text-slate-600 hover:text-slate-900',
  );

/** The rest of the bottom navigation, in its order, behind 'More'. */
export const MORE_NAV_ITEMS: NavItem[] = [
  { label: msg('Join'), to: '/app/join-transaction', Icon: LinkIcon },
  { label: msg('Notifications'), to: '/app/notifications', Icon: BellIcon },
  { label: msg('Wallet'), to: '/app/wallet', Icon: WalletIcon },
  { label: msg('Profile'), to: '/app/profile', Icon: UserIcon },
];

/** Staff (ADMIN, SUPPORT) also reach the operator console. */
export const OPERATOR_CONSOLE_ITEM: NavItem = {
  label: msg('Operator console'),
  to: '/app/admin',
  Icon: ConsoleIcon,
};

export const isStaff = (role: string) => role === 'ADMIN' || role === 'SUPPORT';

/** Unread badge text: nothing at 0, the number up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

export type UnreadCounts = { messages: number; notifications: number };
