import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatMoney, formatPercent } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { FEE_HISTORY_PAGE_SIZE, useFeeHistory } from '../api/fee-history';
import { TRANSACTION_TYPE_LABELS } from '../labels';
import { RiskLevelBadge } from './risk-level-badge';

/** The signed-in user's previous calculations (GET /api/escrow-calculator/history), paged. */
export function FeeHistoryList() {
  const [page, setPage] = useState(1);
  const history = useFeeHistory(page);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / FEE_HISTORY_PAGE_SIZE));

  return (
    <Card role="region" aria-labelledby="fee-history-title">
      <CardTitle id="fee-history-title">{t('Previous Calculations')}</CardTitle>
      {history.isPending ? (
        <div className="mt-4">
          <Spinner />
        </div>
      ) : history.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-700" role="alert">
          {t('Failed to load calculation history')}
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      ) : history.data.calculations.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          {t('No calculations yet. Your quotes will appear here.')}
        </p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-100" aria-label={t('Previous calculations')}>
            {history.data.calculations.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {formatMoney(entry.transactionAmount, entry.currency)} · {t(entry.categoryName)}
                  </p>
                  <p className="text-slate-500">
                    {t(TRANSACTION_TYPE_LABELS[entry.transactionType])} · {formatDateTime(entry.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-right">
                  <div>
                    <p className="font-semibold text-slate-900">
                      {formatPercent(entry.feePercentage)} · {formatMoney(entry.feeAmount, entry.currency)}
                    </p>
                    <p className="text-slate-500">
                      {t('Total {amount}', { amount: formatMoney(entry.totalAmount, entry.currency) })}
                    </p>
                  </div>
                  <RiskLevelBadge level={entry.riskLevel} />
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPageChange={setPage} label={t('History pages')} />
        </>
      )}
    </Card>
  );
}
