import { useState } from 'react';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import { WalletEntryRow } from './wallet-entry-row';

const PAGE_SIZE = 10;

/** The wallet's history (GET /api/wallet/transactions), newest first, ten per page. */
export function WalletHistory() {
  const [page, setPage] = useState(1);
  const history = useWalletTransactions(page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Card role="region" aria-labelledby="wallet-history-title">
      <CardTitle id="wallet-history-title">{t('Transaction History')}</CardTitle>
      {history.isPending ? (
        <div className="mt-4">
          <Spinner />
        </div>
      ) : history.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t(WALLET_TEXT.loadHistoryFailed)}
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      ) : history.data.entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          {t('No wallet activity yet. Deposits, payments and payouts appear here.')}
        </p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100" aria-label={t('Wallet history')}>
            {history.data.entries.map((entry) => (
              <WalletEntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPageChange={setPage} label={t('History pages')} />
        </>
      )}
    </Card>
  );
}
