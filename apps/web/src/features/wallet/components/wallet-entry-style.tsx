import type { WalletEntryStatus, WalletEntryType } from '@escrow/shared/schemas/wallet';

/** How each wallet entry type reads: label, direction and colour (spec 02 §3 Wallet entry). */
export const ENTRY_TYPES: Record<
  WalletEntryType,
  { label: string; sign: '+' | '−'; tone: string; icon: string[] }
> = {
  credit: {
    label: 'Credit',
    sign: '+',
    tone: 'bg-green-100 text-green-700',
    icon: ['M17 7 7 17', 'M17 17H7V7'],
  },
  debit: { label: 'Debit', sign: '−', tone: 'bg-red-100 text-red-700', icon: ['M7 17 17 7', 'M7 7h10v10'] },
  escrow_hold: {
    label: 'Held in escrow',
    sign: '−',
    tone: 'bg-amber-100 text-amber-700',
    icon: ['M7 11V7a5 5 0 0 1 10 0v4', 'M5 11h14v10H5Z'],
  },
  escrow_release: {
    label: 'Escrow release',
    sign: '+',
    tone: 'bg-blue-100 text-blue-700',
    icon: ['M7 11V7a5 5 0 0 1 9.9-1', 'M5 11h14v10H5Z'],
  },
  fee: {
    label: 'Fee',
    sign: '−',
    tone: 'bg-slate-100 text-slate-700',
    icon: [
      'M19 5 5 19',
      'M6.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
      'M17.5 20a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
    ],
  },
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
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="h-4 w-4"
      >
        {style.icon.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
