import type { LucideIcon } from 'lucide-react';
import ArrowDownLeftIcon from 'lucide-react/icons/arrow-down-left';
import ArrowUpRightIcon from 'lucide-react/icons/arrow-up-right';
import LockIcon from 'lucide-react/icons/lock';
import LockOpenIcon from 'lucide-react/icons/lock-open';
import PercentIcon from 'lucide-react/icons/percent';
import { msg } from '@escrow/shared/i18n/msg';
import type { WalletEntryStatus, WalletEntryType } from '@escrow/shared/schemas/wallet';

/** How each wallet entry type reads: label (shown with t()), direction and colour. */
export const ENTRY_TYPES: Record<
  WalletEntryType,
  { label: string; sign: '+' | '−'; tone: string; Icon: LucideIcon }
> = {
  credit: {
    label: msg('Credit'),
    sign: '+',
    tone: 'bg-green-100 text-green-700',
    Icon: ArrowDownLeftIcon,
  },
  debit: { label: msg('Debit'), sign: '−', tone: 'bg-red-100 text-red-700', Icon: ArrowUpRightIcon },
  escrow_hold: {
    label: msg('Held in escrow'),
    sign: '−',
    tone: 'bg-amber-100 text-amber-700',
    Icon: LockIcon,
  },
  escrow_release: {
    label: msg('Escrow release'),
    sign: '+',
    tone: 'bg-blue-100 text-blue-700',
    Icon: LockOpenIcon,
  },
  fee: {
    label: msg('Fee'),
    sign: '−',
    tone: 'bg-slate-100 text-slate-700',
    Icon: PercentIcon,
  },
};

/** A status as the history shows it (lower case, capitalised by CSS; shown with t()). */
export const STATUS_NAMES: Record<WalletEntryStatus, string> = {
  completed: msg('completed'),
  pending: msg('pending'),
  failed: msg('failed'),
};

export const STATUS_STYLES: Record<WalletEntryStatus, string> = {
  completed: 'bg-green-50 text-green-700 ring-green-600/20',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
};

export function EntryIcon({ type }: { type: WalletEntryType }) {
  const style = ENTRY_TYPES[type];
  return (
    <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${style.tone}`}>
      <style.Icon className="h-4 w-4" />
    </span>
  );
}
