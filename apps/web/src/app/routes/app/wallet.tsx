import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useFirstScreenShown } from '../../../lib/first-screen';
import { t } from '../../../lib/i18n';
import { useWallet } from '../../../lib/wallet-query';
import { TestModeBadge } from '../../../components/test-mode-badge';
import { WalletHistory } from '../../../features/wallet/components/wallet-history';
import { StatementDownload } from '../../../features/wallet/components/statement-download';
import { WalletLimitsCard, WalletSummary } from '../../../features/wallet/components/wallet-summary';
import { useDepositReturn } from '../../../features/wallet/hooks/use-deposit-return';

type WalletAction = 'deposit' | 'withdraw';

// The dialogs (forms, Radix's dialog) are not what the page shows first: their code comes once it has
// shown its data, or at once when one is opened (docs/performance.md, Web).
const DepositDialog = lazy(() =>
  import('../../../features/wallet/components/deposit-dialog').then((module) => ({
    default: module.DepositDialog,
  })),
);
const WithdrawDialog = lazy(() =>
  import('../../../features/wallet/components/withdraw-dialog').then((module) => ({
    default: module.WithdrawDialog,
  })),
);

/**
 * /app/wallet. The open dialog lives in the URL (`?action=deposit|withdraw`), so the
 * top-bar dropdown's links, the page's buttons and a shared link all open the same dialog.
 */
export default function WalletPage() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action');
  const wallet = useWallet();
  const verifyingDeposit = useDepositReturn();
  const later = useFirstScreenShown();

  function setAction(next: WalletAction | null) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('action', next);
        else updated.delete('action');
        return updated;
      },
      // Replace, so opening and closing a dialog does not pile up history entries.
      { replace: true },
    );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{t('Wallet')}</h1>
          {wallet.data?.testMode ? <TestModeBadge /> : null}
        </div>
        <div className="flex gap-2">
          <Button onClick={() => setAction('deposit')} disabled={!wallet.data}>
            {t('Deposit Funds')}
          </Button>
          <Button variant="secondary" onClick={() => setAction('withdraw')} disabled={!wallet.data}>
            {t('Withdraw Funds')}
          </Button>
        </div>
      </header>

      {verifyingDeposit ? (
        <Card>
          <Spinner label={t('Confirming your deposit...')} />
        </Card>
      ) : null}

      {wallet.isPending ? (
        <Card>
          <Spinner />
        </Card>
      ) : wallet.isError ? (
        <Card role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t(WALLET_TEXT.loadWalletFailed)}
          <Button variant="secondary" size="sm" onClick={() => void wallet.refetch()}>
            {t('Retry')}
          </Button>
        </Card>
      ) : (
        <>
          <WalletSummary wallet={wallet.data} />
          <WalletLimitsCard wallet={wallet.data} />
          <Card className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 className="text-base font-semibold text-slate-900">{t('Statements')}</h2>
              <p className="text-sm text-slate-600">
                {t('Every movement of a month, with opening and closing balance.')}
              </p>
            </div>
            <StatementDownload />
          </Card>
        </>
      )}

      {/* Once the wallet has come: shown under its spinner, the history was pushed down by the cards that
          replace it (a layout shift of 0.14-0.24 on a phone). Its first page is asked for by then already
          (app/screens.ts), so it is not later for this. */}
      {wallet.isPending ? null : <WalletHistory />}

      {/* A boundary of their own, mounted with them: their loading never holds the page back. */}
      {later || action === 'deposit' ? (
        <Suspense fallback={null}>
          <DepositDialog
            open={action === 'deposit'}
            onOpenChange={(open) => setAction(open ? 'deposit' : null)}
            wallet={wallet.data}
          />
        </Suspense>
      ) : null}
      {later || action === 'withdraw' ? (
        <Suspense fallback={null}>
          <WithdrawDialog
            open={action === 'withdraw'}
            onOpenChange={(open) => setAction(open ? 'withdraw' : null)}
            wallet={wallet.data}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
