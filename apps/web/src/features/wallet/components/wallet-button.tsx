import WalletIcon from 'lucide-react/icons/wallet';
import { t } from '../../../lib/i18n';

export const WALLET_BUTTON_CLASS =
  'flex h-10 items-center gap-2 rounded-full border border-slate-200 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The top bar's wallet button until the dropdown's code (a Radix popover) and the balance have arrived
 * (app/shell-slots.tsx): the same button showing no amount yet; a press opens it once it is there.
 */
export function WalletButtonStandIn({ activate }: { activate: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded="false"
      onClick={activate}
      className={WALLET_BUTTON_CLASS}
    >
      <WalletIcon className="h-4 w-4 text-brand-700" />
      <span className="sr-only">{t('Wallet')}</span> <span>₦ —</span>
    </button>
  );
}
