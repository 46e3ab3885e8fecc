import { useState } from 'react';
import { Link } from 'react-router';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import WalletIcon from 'lucide-react/icons/wallet';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useWallet } from '../../../lib/wallet-query';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import { MASKED_AMOUNT, useHiddenAmounts } from '../hooks/use-hidden-amounts';
import { TestModeBadge } from '../../../components/test-mode-badge';
import { WALLET_BUTTON_CLASS } from './wallet-button';
import { WalletEntryRow } from './wallet-entry-row';

const RECENT_ITEMS = 3;
const linkClass =
  'flex h-9 items-center justify-center rounded-lg text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * Top-bar wallet (desktop): available balance and escrow with a mask toggle remembered for
 * the session (starting from the user's 'hide amounts by default'), the three latest history items, and links to the wallet page and its dialogs. Real data.
 */
export function WalletDropdown({
  hiddenByDefault = false,
  openAtOnce = false,
}: {
  hiddenByDefault?: boolean;
  /** Pressed before this code had arrived (app/shell-slots.tsx): open as soon as it mounts. */
  openAtOnce?: boolean;
}) {
  const [open, setOpen] = useState(openAtOnce);
  const [hidden, toggleHidden] = useHiddenAmounts(hiddenByDefault);
  const wallet = useWallet();
  const recent = useWalletTransactions(1, RECENT_ITEMS, open);
  const show = (amount: number) => (hidden ? MASKED_AMOUNT : formatMoney(amount));

  return (
    <Popover open={open} onOpenChange={setOpen}>
      {/* The name reads "Wallet" and then the amount shown, so a voice user can say what they see. */}
      <PopoverTrigger className={WALLET_BUTTON_CLASS}>
        <WalletIcon className="h-4 w-4 text-brand-700" />
        <span className="sr-only">{t('Wallet')}</span>{' '}
        <span data-testid="wallet-dropdown-balance">{wallet.data ? show(wallet.data.balance) : '₦ —'}</span>
      </PopoverTrigger>
      <PopoverContent aria-label={t('Wallet')} className="w-80">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">{t('Wallet')}</h2>
          <div className="flex items-center gap-1">
            {wallet.data?.testMode ? <TestModeBadge /> : null}
            <button
              type="button"
              onClick={toggleHidden}
              aria-pressed={hidden}
              aria-label={hidden ? t('Show amounts') : t('Hide amounts')}
              className="flex h-8 w-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {hidden ? <EyeIcon className="h-4 w-4" /> : <EyeOffIcon className="h-4 w-4" />}
            </button>
          </div>
        </div>

        {wallet.isPending ? (
          <div className="mt-3">
            <Spinner />
          </div>
        ) : wallet.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {t(WALLET_TEXT.loadWalletFailed)}
          </p>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-2">
            <div className="rounded-lg bg-brand-50 p-2">
              <dt className="text-xs text-slate-600">{t('Available balance')}</dt>
              <dd className="text-sm font-semibold text-slate-900">{show(wallet.data.balance)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{t('In escrow')}</dt>
              <dd className="text-sm font-semibold text-slate-900">{show(wallet.data.pendingEscrow)}</dd>
            </div>
          </dl>
        )}

        <div className="mt-3 grid gap-2">
          <PopoverClose asChild>
            <Link to="/app/wallet" className={`${linkClass} bg-brand-700 text-white hover:bg-brand-800`}>
              {t('View Full Wallet')}
            </Link>
          </PopoverClose>
          <div className="grid grid-cols-2 gap-2">
            <PopoverClose asChild>
              <Link
                to="/app/wallet?action=deposit"
                className={`${linkClass} border border-slate-300 text-slate-900 hover:bg-slate-50`}
              >
                {t('Deposit Funds')}
              </Link>
            </PopoverClose>
            <PopoverClose asChild>
              <Link
                to="/app/wallet?action=withdraw"
                className={`${linkClass} border border-slate-300 text-slate-900 hover:bg-slate-50`}
              >
                {t('Withdraw Funds')}
              </Link>
            </PopoverClose>
          </div>
        </div>

        <section aria-labelledby="wallet-recent-title" className="mt-3 border-t border-slate-100 pt-2">
          <h3
            id="wallet-recent-title"
            className="text-xs font-semibold uppercase tracking-wide text-slate-500"
          >
            {t('Recent activity')}
          </h3>
          {recent.isPending ? (
            <div className="mt-2">
              <Spinner />
            </div>
          ) : recent.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {t(WALLET_TEXT.loadHistoryFailed)}
            </p>
          ) : recent.data.entries.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('No wallet activity yet.')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {recent.data.entries.slice(0, RECENT_ITEMS).map((entry) => (
                <WalletEntryRow key={entry.id} entry={entry} compact hidden={hidden} />
              ))}
            </ul>
          )}
        </section>
      </PopoverContent>
    </Popover>
  );
}
